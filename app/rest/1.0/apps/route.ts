import { listApplicationsContract } from "@/lib/applications/contracts";
import { listApplications } from "@/lib/applications/list-applications";
import { operation } from "@/lib/rest/operation";
import { restRoute } from "@/lib/rest/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(listApplicationsContract, async (ctx, { query }) => listApplications(ctx.actor, query)),
);
