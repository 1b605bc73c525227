import { updateCall } from "@/lib/calls/update-call";
import type { GuestCallWithCall } from "./find-guest-call";
import { getGuestCall, guestActor } from "./get-guest-call";

/** The visitor hangs up its own guest call; an ended call is left as it is. */
export async function deleteGuestCall(guestCall: GuestCallWithCall) {
  if (guestCall.call.active)
    await updateCall(await guestActor(guestCall.token), guestCall.token.userId, String(guestCall.call.id), { active: false });
  return getGuestCall(guestCall.id);
}
