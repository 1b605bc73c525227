import { accessTokenContract } from "@/lib/http/oauth/contracts";
import { exchangeRequestToken } from "@/lib/http/oauth/three-legged";
import { operation } from "@/lib/http/operation/operation";
import { restRoute } from "@/lib/http/operation/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(operation(accessTokenContract, async (ctx) => exchangeRequestToken(ctx)));
