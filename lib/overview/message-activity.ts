import type { Actor } from "@/lib/core/tenancy/actor";
import { scopedDb } from "@/lib/core/tenancy/scoped-db";
import { activityOf, overviewWindow, type Activity } from "./days";

export interface UserCount {
  guid: string;
  login: string;
  domain: string;
  count: number;
}

/**
 * Messages of the actor's users (SMS both ways, voicemail, audio messages) dated each day of the
 * window, and the users with the most (their Messages pages list them).
 */
export async function messageActivity(actor: Actor, window = overviewWindow()): Promise<Activity & { byUser: UserCount[] }> {
  const messages = await scopedDb(actor).message.findMany({ where: { time: { gte: window.since } }, select: { time: true, userId: true } });
  const perUser = new Map<string, number>();
  for (const m of messages) perUser.set(m.userId, (perUser.get(m.userId) ?? 0) + 1);
  const users = await scopedDb(actor).user.findMany({
    where: { id: { in: [...perUser.keys()] } },
    select: { id: true, login: true, domain: { select: { name: true } } },
  });
  const byUser = users
    .map((u) => ({ guid: u.id, login: u.login, domain: u.domain.name, count: perUser.get(u.id) ?? 0 }))
    .sort((a, b) => b.count - a.count || a.login.localeCompare(b.login));
  return {
    ...activityOf(
      window,
      messages.map((m) => m.time),
    ),
    byUser,
  };
}
