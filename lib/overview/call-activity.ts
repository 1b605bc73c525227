import type { Actor } from "@/lib/core/tenancy/actor";
import { scopedDb } from "@/lib/core/tenancy/scoped-db";
import { activityOf, overviewWindow, type Activity } from "./days";

export interface ApplicationCount {
  /** The application's internal id (its portal pages). */
  id: string;
  displayName: string;
  count: number;
}

/** Calls of the actor's users started each day of the window, and the applications that placed the most (their Calls pages list them). */
export async function callActivity(actor: Actor, window = overviewWindow()): Promise<Activity & { byApplication: ApplicationCount[] }> {
  const calls = await scopedDb(actor).call.findMany({
    where: { startTime: { gte: window.since } },
    select: { startTime: true, applicationId: true },
  });
  const perApp = new Map<string, number>();
  for (const c of calls) perApp.set(c.applicationId, (perApp.get(c.applicationId) ?? 0) + 1);
  const apps = await scopedDb(actor).application.findMany({
    where: { id: { in: [...perApp.keys()] } },
    select: { id: true, displayName: true, name: true },
  });
  const byApplication = apps
    .map((a) => ({ id: a.id, displayName: a.displayName || a.name, count: perApp.get(a.id) ?? 0 }))
    .sort((a, b) => b.count - a.count || a.displayName.localeCompare(b.displayName));
  return {
    ...activityOf(
      window,
      calls.map((c) => c.startTime),
    ),
    byApplication,
  };
}
