import { loginContract } from "@/lib/oauth/contracts";
import { loginWithPassword } from "@/lib/oauth/xauth";
import { operation } from "@/lib/rest/operation";
import { restRoute } from "@/lib/rest/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(operation(loginContract, async (ctx) => loginWithPassword(ctx)));
