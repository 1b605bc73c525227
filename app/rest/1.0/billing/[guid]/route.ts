import { getUserBillingContract } from "@/lib/billing/contracts";
import { getUserBilling } from "@/lib/billing/get-user-billing";
import { operation } from "@/lib/http/operation/operation";
import { restRoute } from "@/lib/http/operation/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(getUserBillingContract, async (ctx, { params }) => getUserBilling(ctx.actor, params.guid)),
);
