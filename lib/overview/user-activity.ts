import type { Actor } from "@/lib/core/tenancy/actor";
import { scopedDb } from "@/lib/core/tenancy/scoped-db";
import { activityOf, overviewWindow, type Activity } from "./days";

/** The users of the actor's domains: how many there are, and how many were created each day of the window. */
export async function userActivity(actor: Actor, window = overviewWindow()): Promise<Activity & { total: number }> {
  const [total, created] = await Promise.all([
    scopedDb(actor).user.count(),
    scopedDb(actor).user.findMany({ where: { createdAt: { gte: window.since } }, select: { createdAt: true } }),
  ]);
  return {
    total,
    ...activityOf(
      window,
      created.map((u) => u.createdAt),
    ),
  };
}
