import { prisma } from "@/lib/core/db/client";
import type { Actor } from "@/lib/core/tenancy/actor";
import { userScope } from "@/lib/core/tenancy/scope";
import { activityOf, overviewWindow, type Activity } from "./days";

/** The users of the actor's domains: how many there are, and how many were created each day of the window. */
export async function userActivity(actor: Actor, window = overviewWindow()): Promise<Activity & { total: number }> {
  const [total, created] = await Promise.all([
    prisma.user.count({ where: userScope(actor) }),
    prisma.user.findMany({ where: { AND: [userScope(actor), { createdAt: { gte: window.since } }] }, select: { createdAt: true } }),
  ]);
  return { total, ...activityOf(window, created.map((u) => u.createdAt)) };
}
