import { getApplicationContract, updateApplicationContract } from "@/lib/applications/contracts";
import { getApplication } from "@/lib/applications/get-application";
import { updateApplication } from "@/lib/applications/update-application";
import { operation } from "@/lib/http/operation/operation";
import { restRoute } from "@/lib/http/operation/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(getApplicationContract, async (ctx, { params }) => getApplication(ctx.actor, params.appId)),
  operation(updateApplicationContract, async (ctx, { params, body }) => updateApplication(ctx.actor, params.appId, body)),
);
