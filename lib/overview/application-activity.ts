import { prisma } from "@/lib/core/db/client";
import type { Actor } from "@/lib/core/tenancy/actor";
import { applicationScope } from "@/lib/core/tenancy/scope";
import { activityOf, overviewWindow, type Activity } from "./days";

/** The actor's applications: how many there are, and how many were created each day of the window. */
export async function applicationActivity(actor: Actor, window = overviewWindow()): Promise<Activity & { total: number }> {
  const [total, created] = await Promise.all([
    prisma.application.count({ where: applicationScope(actor) }),
    prisma.application.findMany({ where: { AND: [applicationScope(actor), { createdAt: { gte: window.since } }] }, select: { createdAt: true } }),
  ]);
  return { total, ...activityOf(window, created.map((a) => a.createdAt)) };
}
