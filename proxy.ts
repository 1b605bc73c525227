import { NextResponse, type NextRequest } from "next/server";

const STANDARD_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

// Next.js answers methods outside its list (PROPFIND, FOO...) with a bare 400 before any route runs.
// The API promises a 405 with the resource's exact Allow header, which its OPTIONS handler knows.
export async function proxy(request: NextRequest) {
  if (STANDARD_METHODS.has(request.method)) return NextResponse.next();
  const probe = await fetch(`http://127.0.0.1:${process.env.PORT ?? 3000}${request.nextUrl.pathname}`, { method: "OPTIONS" });
  const allow = probe.headers.get("allow");
  const requestId = `req_${crypto.randomUUID().replaceAll("-", "")}`;
  if (!allow) {
    return NextResponse.json(
      { type: "about:blank", title: "Not Found", status: 404, detail: `No resource matches ${request.nextUrl.pathname}.`, code: "not_found", requestId },
      { status: 404, headers: { "Content-Type": "application/problem+json", "X-Request-Id": requestId } },
    );
  }
  return new NextResponse(
    JSON.stringify({
      type: `${process.env.PUBLIC_URL ?? ""}/docs/api#error-method_not_allowed`,
      title: "Method Not Allowed",
      status: 405,
      detail: `${request.method} is not allowed here. Allowed methods: ${allow}.`,
      code: "method_not_allowed",
      requestId,
    }),
    {
      status: 405,
      headers: { Allow: allow, "Content-Type": "application/problem+json", "Cache-Control": "no-store", "X-Request-Id": requestId },
    },
  );
}

export const config = { matcher: "/rest/:path*" };
