import { operation } from "@/lib/http/operation/operation";
import { restRoute } from "@/lib/http/operation/route";
import { listTokensContract } from "@/lib/tokens/contracts";
import { listTokens } from "@/lib/tokens/list-tokens";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(listTokensContract, async (ctx, { params, query }) => listTokens(ctx.actor, params.guid, query)),
);
