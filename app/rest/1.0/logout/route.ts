import { logoutContract } from "@/lib/oauth/contracts";
import { logout } from "@/lib/oauth/xauth";
import { operation } from "@/lib/rest/operation";
import { restRoute } from "@/lib/rest/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(operation(logoutContract, async (ctx) => logout(ctx)));
