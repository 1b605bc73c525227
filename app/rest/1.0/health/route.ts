import { checkHealth } from "@/lib/health/check";
import { healthContract } from "@/lib/health/contracts";
import { operation } from "@/lib/rest/operation";
import { restRoute } from "@/lib/rest/route";

// Public: load balancers and the start script poll it.
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(operation(healthContract, async () => checkHealth()));
