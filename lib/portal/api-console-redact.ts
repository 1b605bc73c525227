// What the API console shows of a response: the headers worth seeing and the body, pretty-printed
// when it is JSON, cut when huge, and with every secret the console knows of replaced by [hidden].

/** Response headers worth showing; the rest is transport noise. */
const SHOWN_RESPONSE_HEADERS = ["Location", "Allow", "WWW-Authenticate", "X-Request-Id", "Content-Type"];
/** Larger bodies are cut for display (the browser would struggle with megabytes of JSON). */
const MAX_SHOWN_BODY_CHARS = 200_000;
const HIDDEN = "[hidden]";

export interface ShownResponse {
  status: number;
  statusText: string;
  headers: Array<[string, string]>;
  /** Pretty-printed when it is JSON; secrets replaced by [hidden]. */
  body: string;
  format: "json" | "text" | "empty";
  truncated: boolean;
  durationMs: number;
}

/** Replaces every secret the console knows of, and oauth_token_secret values of form replies. */
function redact(text: string, secrets: string[]): string {
  let out = text.replace(/(oauth_token_secret=)[^&\s]*/g, `$1${HIDDEN}`);
  for (const secret of secrets) if (secret) out = out.split(secret).join(HIDDEN);
  return out;
}

function formatBody(text: string, contentType: string): { body: string; format: "json" | "text" | "empty" } {
  if (!text) return { body: "", format: "empty" };
  if (/json/i.test(contentType) || /^\s*[[{]/.test(text)) {
    try {
      return { body: JSON.stringify(JSON.parse(text), null, 2), format: "json" };
    } catch {
      // shown as it came
    }
  }
  return { body: text, format: "text" };
}

/** The response as the console shows it, read to its end, without `secrets`. */
export async function shownResponse(response: Response, durationMs: number, secrets: string[]): Promise<ShownResponse> {
  const rawText = await response.text();
  const contentType = response.headers.get("content-type") ?? "";
  const formatted = formatBody(redact(rawText, secrets), contentType);
  const truncated = formatted.body.length > MAX_SHOWN_BODY_CHARS;
  return {
    status: response.status,
    statusText: response.statusText,
    headers: SHOWN_RESPONSE_HEADERS.flatMap((name): Array<[string, string]> => {
      const value = response.headers.get(name);
      return value === null ? [] : [[name, redact(value, secrets)]];
    }),
    body: truncated ? formatted.body.slice(0, MAX_SHOWN_BODY_CHARS) : formatted.body,
    format: formatted.format,
    truncated,
    durationMs,
  };
}

/** Whether any of `secrets` is still in what would go back to the browser (a developer may even paste one into the path or body). */
export function holdsSecret(outgoing: unknown, secrets: string[]): boolean {
  const text = JSON.stringify(outgoing);
  return secrets.some((secret) => secret && text.includes(secret));
}
