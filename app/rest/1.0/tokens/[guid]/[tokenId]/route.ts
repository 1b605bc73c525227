import { operation } from "@/lib/http/operation/operation";
import { restRoute } from "@/lib/http/operation/route";
import { deleteTokenContract, getTokenContract } from "@/lib/tokens/contracts";
import { deleteToken } from "@/lib/tokens/delete-token";
import { getToken } from "@/lib/tokens/get-token";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(getTokenContract, async (ctx, { params }) => getToken(ctx.actor, params.guid, params.tokenId)),
  operation(deleteTokenContract, async (ctx, { params }) => deleteToken(ctx.actor, params.guid, params.tokenId)),
);
