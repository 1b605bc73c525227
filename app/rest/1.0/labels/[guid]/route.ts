import { listLabelsContract } from "@/lib/labels/contracts";
import { listLabels } from "@/lib/labels/list-labels";
import { operation } from "@/lib/http/operation/operation";
import { restRoute } from "@/lib/http/operation/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(listLabelsContract, async (ctx, { params }) => listLabels(ctx.actor, params.guid)),
);
