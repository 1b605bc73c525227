import { withLegs } from "@/lib/calls/transform";
import { prisma } from "@/lib/core/db/client";
import { notFound } from "@/lib/core/errors/api-error";
import { isGuid } from "@/lib/core/validation";

// Apart from get-guest-call.ts: the contracts use it as their capability check, and what the
// contracts import is loaded by scripts/serve.ts before Next.js (so nothing here reaches next/server).

/** A guest call by its id (the capability the visitor got from POST /tokens/call, its contracts' check), with its call; 404 for none. */
export async function findGuestCall(id: string) {
  const guestCall = isGuid(id)
    ? await prisma.guestCall.findUnique({ where: { id: id.toLowerCase() }, include: { token: true, call: { include: withLegs } } })
    : null;
  if (!guestCall?.call) throw notFound(`Guest call ${id}`);
  return { ...guestCall, call: guestCall.call };
}

export type GuestCallWithCall = Awaited<ReturnType<typeof findGuestCall>>;
