import { logoutContract } from "@/lib/http/oauth/contracts";
import { logout } from "@/lib/http/oauth/xauth";
import { operation } from "@/lib/http/operation/operation";
import { restRoute } from "@/lib/http/operation/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(operation(logoutContract, async (ctx) => logout(ctx)));
