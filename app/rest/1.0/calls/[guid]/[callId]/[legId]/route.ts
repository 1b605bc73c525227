import { updateLegContract } from "@/lib/calls/contracts";
import { updateLeg } from "@/lib/calls/update-call";
import { operation } from "@/lib/http/operation/operation";
import { restRoute } from "@/lib/http/operation/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(updateLegContract, async (ctx, { params, body }) => updateLeg(ctx.actor, params.guid, params.callId, params.legId, body)),
);
