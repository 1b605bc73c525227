import { operation } from "@/lib/http/operation/operation";
import { restRoute } from "@/lib/http/operation/route";
import { createTokenContract } from "@/lib/tokens/contracts";
import { createToken } from "@/lib/tokens/create-token";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(createTokenContract, async (ctx, { body }) => createToken(ctx.actor, body)),
);
