import { listUserLedgerContract } from "@/lib/billing/contracts";
import { listUserLedger } from "@/lib/billing/list-ledger";
import { operation } from "@/lib/http/operation/operation";
import { restRoute } from "@/lib/http/operation/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(listUserLedgerContract, async (ctx, { params, query }) => listUserLedger(ctx.actor, params.guid, query)),
);
