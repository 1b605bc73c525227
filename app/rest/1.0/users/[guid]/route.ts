import { operation } from "@/lib/http/operation/operation";
import { restRoute } from "@/lib/http/operation/route";
import { deleteUserContract, getUserContract, updateUserContract } from "@/lib/users/contracts";
import { deleteUser } from "@/lib/users/delete-user";
import { getUser } from "@/lib/users/get-user";
import { updateUser } from "@/lib/users/update-user";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(getUserContract, async (ctx, { params }) => getUser(ctx.actor, params.guid)),
  operation(updateUserContract, async (ctx, { params, body }) => updateUser(ctx.actor, params.guid, body)),
  operation(deleteUserContract, async (ctx, { params }) => deleteUser(ctx.actor, params.guid)),
);
