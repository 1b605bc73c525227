import { getCallContract, updateCallContract } from "@/lib/calls/contracts";
import { getCall } from "@/lib/calls/get-call";
import { updateCall } from "@/lib/calls/update-call";
import { operation } from "@/lib/rest/operation";
import { restRoute } from "@/lib/rest/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(getCallContract, async (ctx, { params }) => getCall(ctx.actor, params.guid, params.callId)),
  operation(updateCallContract, async (ctx, { params, body }) => updateCall(ctx.actor, params.guid, params.callId, body)),
);
