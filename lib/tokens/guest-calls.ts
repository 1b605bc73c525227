import type { Prisma } from "@prisma/client";
import { config } from "@/lib/core/config";

/** The guest's leg: the web visitor. No digits, so the simulator treats it as an ordinary party. */
export const GUEST_LEG = "sip:guest@guest.invalid";
/** How the call history names a guest when neither the token nor the visitor gives a name. */
export const DEFAULT_GUEST_CALLER = "guest";

/** A slot whose call is still being set up this long after it was taken belongs to a process that died: it is free again. */
const setupExpiry = () => config().CALL_CONNECT_WAIT_MS + 60_000;

/** Guest calls that still hold one of the token's maxConcurrent slots: their call is active, or still being set up. */
export function liveGuestCall(now = new Date()): Prisma.GuestCallWhereInput {
  return { OR: [{ call: { active: true } }, { callId: null, createdAt: { gt: new Date(now.getTime() - setupExpiry()) } }] };
}

export const guestCallPath = (id: string) => `/tokens/call/${id}`;
