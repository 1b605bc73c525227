import { operation } from "@/lib/http/operation/operation";
import { restRoute } from "@/lib/http/operation/route";
import { createGuestCallContract } from "@/lib/tokens/contracts";
import { createGuestCall } from "@/lib/tokens/create-guest-call";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(createGuestCallContract, async (ctx, { body }) => createGuestCall(ctx.grant, body)),
);
