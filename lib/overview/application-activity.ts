import type { Actor } from "@/lib/core/tenancy/actor";
import { scopedDb } from "@/lib/core/tenancy/scoped-db";
import { activityOf, overviewWindow, type Activity } from "./days";

/** The actor's applications: how many there are, and how many were created each day of the window. */
export async function applicationActivity(actor: Actor, window = overviewWindow()): Promise<Activity & { total: number }> {
  const [total, created] = await Promise.all([
    scopedDb(actor).application.count(),
    scopedDb(actor).application.findMany({ where: { createdAt: { gte: window.since } }, select: { createdAt: true } }),
  ]);
  return {
    total,
    ...activityOf(
      window,
      created.map((a) => a.createdAt),
    ),
  };
}
