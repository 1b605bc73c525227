import { operation } from "@/lib/rest/operation";
import { restRoute } from "@/lib/rest/route";
import { createGuestCallContract } from "@/lib/tokens/contracts";
import { createGuestCall } from "@/lib/tokens/create-guest-call";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(createGuestCallContract, async (ctx, { body }) => createGuestCall(ctx.request, body)),
);
