import OAuth from "oauth-1.0a";
import { describe, expect, it } from "vitest";
import { thrown } from "@/lib/core/testing/thrown";
import { ApiError } from "@/lib/core/errors/api-error";
import { percentDecode, percentEncode } from "@/lib/http/oauth/percent-encode";

describe("percentEncode", () => {
  it("keeps the RFC 3986 unreserved characters", () => {
    const unreserved = "ABCXYZabcxyz0123456789-._~";
    expect(percentEncode(unreserved)).toBe(unreserved);
  });

  it("encodes the characters encodeURIComponent leaves alone", () => {
    expect(percentEncode("*")).toBe("%2A");
    expect(percentEncode("!'()")).toBe("%21%27%28%29");
  });

  it("encodes space as %20 and plus as %2B, never as +", () => {
    expect(percentEncode("a b+c")).toBe("a%20b%2Bc");
  });

  it("encodes reserved delimiters with uppercase hex", () => {
    expect(percentEncode("=&/?#%:@,;")).toBe("%3D%26%2F%3F%23%25%3A%40%2C%3B");
    expect(percentEncode("\n")).toBe("%0A");
  });

  it("encodes the UTF-8 bytes of non-ASCII characters", () => {
    expect(percentEncode("é")).toBe("%C3%A9");
    expect(percentEncode("☃")).toBe("%E2%98%83");
    expect(percentEncode("😀")).toBe("%F0%9F%98%80");
  });

  it("agrees with oauth-1.0a for every printable ASCII character", () => {
    const reference = new OAuth({ consumer: { key: "k", secret: "s" } });
    for (let code = 0x20; code < 0x7f; code++) {
      const char = String.fromCharCode(code);
      expect(percentEncode(char), `char ${JSON.stringify(char)}`).toBe(reference.percentEncode(char));
    }
  });
});

describe("percentDecode", () => {
  it("decodes escapes in either hex case, including UTF-8 sequences", () => {
    expect(percentDecode("%2A%7e")).toBe("*~");
    expect(percentDecode("%C3%A9t%c3%a9")).toBe("été");
  });

  it("treats + as space only for form/query data", () => {
    expect(percentDecode("2+q", { plusIsSpace: true })).toBe("2 q");
    expect(percentDecode("2+q")).toBe("2+q");
    expect(percentDecode("a%2Bb", { plusIsSpace: true })).toBe("a+b");
  });

  it("round-trips percentEncode", () => {
    const value = "Ladies + Gentlemen, 100% *naïve* ☃ ~ (ok)!";
    expect(percentDecode(percentEncode(value))).toBe(value);
    expect(percentDecode(percentEncode(value), { plusIsSpace: true })).toBe(value);
  });

  it.each(["%", "abc%", "%2", "%GG", "a%zzb", "%E2%98"])("rejects the malformed input %j", (input) => {
    const error = thrown(() => percentDecode(input));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: "bad_request", status: 400, options: { oauthProblem: "parameter_rejected" } });
  });

  it("rejects escapes that are not valid UTF-8", () => {
    expect(thrown(() => percentDecode("%FF"))).toBeInstanceOf(ApiError);
  });
});
