import { getUserBillingContract } from "@/lib/billing/contracts";
import { getUserBilling } from "@/lib/billing/get-user-billing";
import { operation } from "@/lib/rest/operation";
import { restRoute } from "@/lib/rest/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(getUserBillingContract, async (ctx, { params }) => getUserBilling(ctx.actor, params.guid)),
);
