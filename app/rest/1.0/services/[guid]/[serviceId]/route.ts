import { operation } from "@/lib/rest/operation";
import { restRoute } from "@/lib/rest/route";
import { updateServiceContract } from "@/lib/services/contracts";
import { updateService } from "@/lib/services/update-service";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(updateServiceContract, async (ctx, { params, body }) => updateService(ctx.actor, params.guid, params.serviceId, body)),
);
