import { getCallContract, updateCallContract } from "@/lib/calls/contracts";
import { getCall } from "@/lib/calls/get-call";
import { updateCall } from "@/lib/calls/update-call";
import { operation } from "@/lib/http/operation/operation";
import { restRoute } from "@/lib/http/operation/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(getCallContract, async (ctx, { params }) => getCall(ctx.actor, params.guid, params.callId)),
  operation(updateCallContract, async (ctx, { params, body }) => updateCall(ctx.actor, params.guid, params.callId, body)),
);
