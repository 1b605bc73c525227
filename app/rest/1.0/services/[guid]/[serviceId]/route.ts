import { operation } from "@/lib/http/operation/operation";
import { restRoute } from "@/lib/http/operation/route";
import { updateServiceContract } from "@/lib/services/contracts";
import { updateService } from "@/lib/services/update-service";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(updateServiceContract, async (ctx, { params, body }) => updateService(ctx.actor, params.guid, params.serviceId, body)),
);
