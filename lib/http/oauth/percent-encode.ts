// RFC 5849 section 3.6 percent-encoding, used for the signature base string and the Authorization header.

import { ApiError } from "@/lib/core/errors/api-error";

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/** Percent-encodes the UTF-8 bytes of `value`, keeping only RFC 3986 unreserved characters. */
export function percentEncode(value: string): string {
  let out = "";
  for (const char of value) {
    if (UNRESERVED.test(char)) {
      out += char;
      continue;
    }
    for (const byte of Buffer.from(char, "utf8")) {
      out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
    }
  }
  return out;
}

export interface PercentDecodeOptions {
  /** application/x-www-form-urlencoded (query strings and form bodies): "+" means space. */
  plusIsSpace?: boolean;
}

/** Decodes %XX escapes (UTF-8). A malformed escape or invalid UTF-8 is a 400. */
export function percentDecode(value: string, options: PercentDecodeOptions = {}): string {
  const text = options.plusIsSpace ? value.replace(/\+/g, " ") : value;
  if (/%(?![0-9A-Fa-f]{2})/.test(text)) {
    throw malformed(value);
  }
  try {
    return decodeURIComponent(text);
  } catch {
    throw malformed(value);
  }
}

function malformed(value: string): ApiError {
  const shown = value.length > 64 ? `${value.slice(0, 64)}...` : value;
  return new ApiError("bad_request", `Malformed percent-encoding in ${JSON.stringify(shown)}: every "%" must start a %XX escape of UTF-8 bytes.`, {
    oauthProblem: "parameter_rejected",
  });
}
