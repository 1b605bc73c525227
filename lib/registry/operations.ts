import * as applications from "@/lib/applications/contracts";
import * as billing from "@/lib/billing/contracts";
import * as devices from "@/lib/devices/contracts";
import * as domains from "@/lib/domains/contracts";
import * as events from "@/lib/events/contracts";
import * as health from "@/lib/health/contracts";
import * as oauth from "@/lib/http/oauth/contracts";
import * as sessions from "@/lib/sessions/contracts";
import * as users from "@/lib/users/contracts";
import * as media from "@/lib/media/contracts";
import * as calls from "@/lib/calls/contracts";
import * as simulator from "@/lib/simulator/contracts";
import * as messages from "@/lib/messages/contracts";
import * as services from "@/lib/services/contracts";
import * as labels from "@/lib/labels/contracts";
import * as tokens from "@/lib/tokens/contracts";
import type { Contract } from "@/lib/http/rest/contract";

// Every REST operation's contract: the OpenAPI document and the shared security battery read this
// list, and a unit test checks it against the route files both ways.

const isContract = (value: unknown): value is Contract =>
  typeof value === "object" && value !== null && "operationId" in value && "method" in value && "path" in value;

export const allContracts: Contract[] = [
  oauth,
  users,
  devices,
  domains,
  applications,
  events,
  sessions,
  billing,
  health,
  media,
  calls,
  simulator,
  messages,
  services,
  labels,
  tokens,
]
  .flatMap((area) => Object.values(area))
  .filter(isContract);
