import type { Actor } from "@/lib/core/tenancy/actor";
import { scopedDb } from "@/lib/core/tenancy/scoped-db";
import { countByDay, overviewWindow } from "./days";
import type { ApplicationCount } from "./call-activity";

export interface DeliveryDay {
  day: string;
  delivered: number;
  failed: number;
}

export interface DeliveryActivity {
  /** Events created in the window that reached their endpoint (a 2xx). */
  delivered: number;
  /** Events created in the window whose every retry failed (DeliveryExhausted). */
  failed: number;
  /** Still waiting for an attempt or a retry. */
  pending: number;
  /** Not sent: no notification URL, or the endpoint answered 410 Gone. */
  notSent: number;
  deliveredToday: number;
  failedToday: number;
  daily: DeliveryDay[];
  /** Applications with events in the window, the most failures first (their Events pages list them). */
  byApplication: (ApplicationCount & { failed: number })[];
}

/** Webhook events of the actor's applications created in the window, by delivery status and day. */
export async function deliveryActivity(actor: Actor, window = overviewWindow()): Promise<DeliveryActivity> {
  const events = await scopedDb(actor).event.findMany({
    where: { createdAt: { gte: window.since } },
    select: { createdAt: true, status: true, applicationId: true },
  });
  const timesOf = (status: string) => events.filter((e) => e.status === status).map((e) => e.createdAt);
  const delivered = countByDay(window, timesOf("delivered"));
  const failed = countByDay(window, timesOf("failed"));
  const perApp = new Map<string, { count: number; failed: number }>();
  for (const e of events) {
    const n = perApp.get(e.applicationId) ?? { count: 0, failed: 0 };
    perApp.set(e.applicationId, { count: n.count + 1, failed: n.failed + (e.status === "failed" ? 1 : 0) });
  }
  const apps = await scopedDb(actor).application.findMany({
    where: { id: { in: [...perApp.keys()] } },
    select: { id: true, displayName: true, name: true },
  });
  return {
    delivered: delivered.reduce((s, d) => s + d.count, 0),
    failed: failed.reduce((s, d) => s + d.count, 0),
    pending: events.filter((e) => e.status === "pending").length,
    notSent: events.filter((e) => e.status === "disabled").length,
    deliveredToday: delivered.at(-1)?.count ?? 0,
    failedToday: failed.at(-1)?.count ?? 0,
    daily: window.days.map((day, i) => ({ day, delivered: delivered[i]?.count ?? 0, failed: failed[i]?.count ?? 0 })),
    byApplication: apps
      .map((a) => ({ id: a.id, displayName: a.displayName || a.name, ...perApp.get(a.id)! }))
      .sort((a, b) => b.failed - a.failed || b.count - a.count || a.displayName.localeCompare(b.displayName)),
  };
}
