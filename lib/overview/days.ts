// The overview's time window: the last 30 days in UTC, today included (docs/decisions.md, "Overview").

export const OVERVIEW_DAYS = 30;
const DAY_MS = 86_400_000;

export interface DayCount {
  /** "2026-11-27", a UTC day. */
  day: string;
  count: number;
}

export interface Window {
  /** Midnight UTC 29 days before today: the first instant counted. */
  since: Date;
  /** Midnight UTC today. */
  today: Date;
  days: string[];
}

const dayKey = (d: Date) => d.toISOString().slice(0, 10);

export function overviewWindow(now = new Date()): Window {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const since = new Date(today.getTime() - (OVERVIEW_DAYS - 1) * DAY_MS);
  const days = Array.from({ length: OVERVIEW_DAYS }, (_, i) => dayKey(new Date(since.getTime() + i * DAY_MS)));
  return { since, today, days };
}

/** How many of `times` fall on each day of the window (times outside it are not counted). */
export function countByDay(window: Window, times: Date[]): DayCount[] {
  const counts = new Map(window.days.map((d) => [d, 0]));
  for (const t of times) {
    const key = dayKey(t);
    const n = counts.get(key);
    if (n !== undefined) counts.set(key, n + 1);
  }
  return window.days.map((day) => ({ day, count: counts.get(day)! }));
}

export interface Activity {
  today: number;
  last30Days: number;
  daily: DayCount[];
}

export function activityOf(window: Window, times: Date[]): Activity {
  const daily = countByDay(window, times);
  return { today: daily.at(-1)?.count ?? 0, last30Days: daily.reduce((sum, d) => sum + d.count, 0), daily };
}
