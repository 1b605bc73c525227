import { operation } from "@/lib/rest/operation";
import { restRoute } from "@/lib/rest/route";
import { createTokenContract } from "@/lib/tokens/contracts";
import { createToken } from "@/lib/tokens/create-token";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(createTokenContract, async (ctx, { body }) => createToken(ctx.actor, body)),
);
