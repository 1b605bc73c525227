import { NextResponse, type NextRequest } from "next/server";
import { refusePortalPost } from "@/lib/portal/post-guard";

// Next.js's proxy (formerly middleware): runs only for portal POSTs that may be server actions (the
// matcher below), so REST calls, uploads and page loads never pay for it, nor have their bodies buffered.
export async function proxy(request: NextRequest) {
  return (await refusePortalPost(request)) ?? NextResponse.next();
}

export const config = {
  matcher: [
    { source: "/((?!rest/|api/|_next/).*)", has: [{ type: "header", key: "next-action" }] },
    { source: "/((?!rest/|api/|_next/).*)", has: [{ type: "header", key: "content-type", value: "multipart/form-data.*" }] },
    { source: "/((?!rest/|api/|_next/).*)", has: [{ type: "header", key: "content-type", value: "application/x-www-form-urlencoded.*" }] },
  ],
};
