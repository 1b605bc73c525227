import { listApplicationsContract } from "@/lib/applications/contracts";
import { listApplications } from "@/lib/applications/list-applications";
import { operation } from "@/lib/http/operation/operation";
import { restRoute } from "@/lib/http/operation/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(listApplicationsContract, async (ctx, { query }) => listApplications(ctx.actor, query)),
);
