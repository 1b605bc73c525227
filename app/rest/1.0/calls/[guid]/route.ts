import { createCallContract, listCallsContract } from "@/lib/calls/contracts";
import { createCall } from "@/lib/calls/create-call";
import { listCalls } from "@/lib/calls/list-calls";
import { operation } from "@/lib/http/operation/operation";
import { restRoute } from "@/lib/http/operation/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(listCallsContract, async (ctx, { params, query }) => listCalls(ctx.actor, params.guid, query)),
  operation(createCallContract, async (ctx, { params, body }) => createCall(ctx.actor, params.guid, body)),
);
