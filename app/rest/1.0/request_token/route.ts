import { requestTokenContract } from "@/lib/http/oauth/contracts";
import { createRequestToken } from "@/lib/http/oauth/three-legged";
import { operation } from "@/lib/http/operation/operation";
import { restRoute } from "@/lib/http/operation/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(operation(requestTokenContract, async (ctx) => createRequestToken(ctx)));
