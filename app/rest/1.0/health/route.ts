import { checkHealth } from "@/lib/health/check";
import { ApiError } from "@/lib/rest/api-error";
import { restRoute } from "@/lib/rest/route";
import { withRest } from "@/lib/rest/with-rest";

// Public: load balancers and the start script poll it. 503 when the database does not answer.
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute({
  GET: withRest(
    async () => {
      const health = await checkHealth();
      if (!health.database.reachable) {
        throw new ApiError("service_unavailable", "The database is not reachable; the service cannot answer requests.", {
          extra: { health },
        });
      }
      return health;
    },
    { auth: "none" },
  ),
});
