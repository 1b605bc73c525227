import { operation } from "@/lib/http/operation/operation";
import { restRoute } from "@/lib/http/operation/route";
import { createUserContract, listUsersContract } from "@/lib/users/contracts";
import { createUser } from "@/lib/users/create-user";
import { listUsers } from "@/lib/users/list-users";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(listUsersContract, async (ctx, { query }) => listUsers(ctx.actor, query)),
  operation(createUserContract, async (ctx, { body }) => createUser(ctx.actor, body)),
);
