// Portal POSTs that Next.js would treat as server actions and answer with a 500: a form post from
// another site (Next's own CSRF check throws "Invalid Server Actions request"), and a multipart
// post whose body is not multipart (its parser throws). Refused here with 403 and 400 instead.

/** What Next.js treats as a possible server action: a POST with Next-Action, or a form body. */
export function isPossibleServerAction(request: Request): boolean {
  if (request.method !== "POST") return false;
  const type = request.headers.get("content-type") ?? "";
  return request.headers.has("next-action") || /^multipart\/form-data\b/i.test(type) || /^application\/x-www-form-urlencoded\b/i.test(type);
}

/** Whether the Origin (when sent) names the host the request was sent to, as Next.js compares them. */
export function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (origin === null) return true; // no browser leaves it out of a cross-site POST
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return false; // "null" (a sandboxed or privacy-sensitive context) and garbage
  }
  const forwarded = request.headers.get("x-forwarded-host")?.split(",")[0]?.trim();
  return originHost !== "" && (originHost === forwarded || originHost === request.headers.get("host"));
}

const refusal = (status: 400 | 403, text: string) =>
  new Response(`${text}\n`, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

const ACTION_BODY = 'A server action\'s body must be its arguments as React encodes them (a JSON array, in field "0" of a multipart body).';

/** React sends a server action's arguments, when no file is among them, as one JSON array. */
function isActionArguments(body: string): boolean {
  try {
    return Array.isArray(JSON.parse(body));
  } catch {
    return false;
  }
}

/** The answer to a portal POST that must not reach Next.js's server-action handling; undefined lets it through. */
export async function refusePortalPost(request: Request): Promise<Response | undefined> {
  if (!isPossibleServerAction(request)) return undefined;
  if (!isSameOrigin(request)) return refusal(403, "Forms of this site may only be sent from this site.");
  if (/^multipart\/form-data\b/i.test(request.headers.get("content-type") ?? "")) {
    let form: FormData;
    try {
      form = await request.clone().formData();
    } catch {
      return refusal(400, "The form's body is not valid multipart/form-data.");
    }
    // With Next-Action, React's encoding puts the arguments in field "0" (files in other fields).
    const root = form.get("0");
    if (request.headers.has("next-action") && !(typeof root === "string" && isActionArguments(root))) {
      return refusal(400, ACTION_BODY);
    }
  } else if (request.headers.has("next-action") && !isActionArguments(await request.clone().text())) {
    return refusal(400, ACTION_BODY);
  }
  return undefined;
}
