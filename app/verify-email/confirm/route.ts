import { confirmEmailLink } from "@/lib/devices/email-check";

/** The verification page's form: uses the link's token once, then shows the outcome (303, so a reload does not post again). */
export async function POST(request: Request): Promise<Response> {
  const form = await request.formData().catch(() => undefined);
  const token = form?.get("token");
  const link = typeof token === "string" && token.length <= 200 ? await confirmEmailLink(token) : { state: "unknown" as const };
  const result = link.state === "valid" ? "confirmed" : link.state;
  return new Response(null, { status: 303, headers: { Location: `/verify-email?result=${result}` } });
}
