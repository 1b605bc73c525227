import { operation } from "@/lib/http/operation/operation";
import { restRoute } from "@/lib/http/operation/route";
import { deleteGuestCallContract, getGuestCallContract } from "@/lib/tokens/contracts";
import { deleteGuestCall } from "@/lib/tokens/delete-guest-call";
import { guestCallEntry } from "@/lib/tokens/get-guest-call";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(getGuestCallContract, async (ctx) => guestCallEntry(ctx.grant)),
  operation(deleteGuestCallContract, async (ctx) => deleteGuestCall(ctx.grant)),
);
