import { accessTokenContract } from "@/lib/oauth/contracts";
import { exchangeRequestToken } from "@/lib/oauth/three-legged";
import { operation } from "@/lib/rest/operation";
import { restRoute } from "@/lib/rest/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(operation(accessTokenContract, async (ctx) => exchangeRequestToken(ctx)));
