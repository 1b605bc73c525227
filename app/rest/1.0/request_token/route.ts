import { requestTokenContract } from "@/lib/oauth/contracts";
import { createRequestToken } from "@/lib/oauth/three-legged";
import { operation } from "@/lib/rest/operation";
import { restRoute } from "@/lib/rest/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(operation(requestTokenContract, async (ctx) => createRequestToken(ctx)));
