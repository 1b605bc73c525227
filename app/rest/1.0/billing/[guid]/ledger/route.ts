import { listUserLedgerContract } from "@/lib/billing/contracts";
import { listUserLedger } from "@/lib/billing/list-ledger";
import { operation } from "@/lib/rest/operation";
import { restRoute } from "@/lib/rest/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(listUserLedgerContract, async (ctx, { params, query }) => listUserLedger(ctx.actor, params.guid, query)),
);
