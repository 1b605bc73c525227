import { operation } from "@/lib/http/operation/operation";
import { restRoute } from "@/lib/http/operation/route";
import { listServicesContract } from "@/lib/services/contracts";
import { listServices } from "@/lib/services/list-services";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(listServicesContract, async (ctx, { params }) => listServices(ctx.actor, params.guid)),
);
