import { checkHealth } from "@/lib/health/check";
import { healthContract } from "@/lib/health/contracts";
import { operation } from "@/lib/http/operation/operation";
import { restRoute } from "@/lib/http/operation/route";

// Public: load balancers and the start script poll it.
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(operation(healthContract, async () => checkHealth()));
