import { simulatorOf, telephonyEngine } from "@/lib/telephony/configured-engine";
import { ensureCallsReady } from "@/lib/calls/calls-ready";
import { prisma } from "@/lib/core/db/client";
import { ApiError, notFound } from "@/lib/core/errors/api-error";
import { kickDelivery } from "@/lib/outbox/publish";
import type { Actor } from "@/lib/core/tenancy/actor";
import { domainScope } from "@/lib/core/tenancy/scope";

// Each domain has its own simulated time (docs/calls.md, "Time"). Moving it is for tests and demos
// of that domain only: its developer (portal), or an application the developer marked as a test
// tool. A user's token never may, nor may any other application: a clock moved by a stranger would
// bill the domain's calls for time that never passed.

/** The domain whose clock the actor may move; 403 for a user's token and an application that is not a test tool. */
async function clockDomain(actor: Actor, domainName?: string): Promise<{ id: string; name: string }> {
  switch (actor.kind) {
    case "user":
      throw new ApiError(
        "forbidden",
        "A user's token cannot move the simulator's clock. Sign the request two-legged as an " +
          "application its developer marked as a test tool, or move the clock in the developer portal " +
          "(a user's Calls page).",
      );
    case "application": {
      const { testTool } = await prisma.application.findUniqueOrThrow({ where: { id: actor.applicationId }, select: { testTool: true } });
      if (!testTool) {
        throw new ApiError(
          "forbidden",
          `Application ${actor.applicationPublicId} is not marked as a test tool, so it cannot move the simulator's clock of domain ${actor.domainName}. ` +
            "Its developer can mark it in the developer portal (the application's settings), or move the clock on a user's Calls page.",
        );
      }
      return { id: actor.domainId, name: actor.domainName };
    }
    case "developer": {
      const domain = domainName
        ? await prisma.domain.findFirst({ where: { AND: [{ name: domainName }, domainScope(actor)] }, select: { id: true, name: true } })
        : null;
      if (!domain) throw notFound(`Domain ${domainName ?? ""}`);
      return domain;
    }
  }
}

const offsetSeconds = (now: Date) => Math.round((now.getTime() - Date.now()) / 1000);

/** POST /simulator/clock, and the portal's control: moves one domain's clock forward and fires what became due there. */
export async function advanceClock(actor: Actor, advanceSeconds: number, domainName?: string) {
  const simulator = simulatorOf(telephonyEngine());
  const domain = await clockDomain(actor, domainName);
  await ensureCallsReady();
  const { now, fired } = await simulator.advance(domain.id, advanceSeconds);
  if (fired) kickDelivery();
  return { now: now.toISOString(), offsetSeconds: offsetSeconds(now), fired };
}

/** The portal: how far a domain's simulated clock runs ahead of real time, in seconds. */
export async function simulatorClockOffset(actor: Actor, domainName: string): Promise<number> {
  const domain = await clockDomain(actor, domainName);
  return offsetSeconds(await telephonyEngine().now(domain.id));
}
