// SWR keys of the events pages: the JSON routes they poll. Mutations revalidate them by prefix.

export const eventsKeyPrefix = (appId: string) => `/api/portal/apps/${encodeURIComponent(appId)}/events?`;

export function eventsListKey(appId: string, query: { status?: string; type?: string; startIndex: number; count: number }): string {
  const params = new URLSearchParams();
  if (query.status) params.set("status", query.status);
  if (query.type) params.set("type", query.type);
  params.set("startIndex", String(query.startIndex));
  params.set("count", String(query.count));
  return `${eventsKeyPrefix(appId)}${params}`;
}

export const eventKey = (appId: string, eventId: string) => `/api/portal/apps/${encodeURIComponent(appId)}/events/${encodeURIComponent(eventId)}`;

/** Fetches one of the portal JSON routes; a failure carries the route's own message. */
export async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { cache: "no-store" });
  const body = (await response.json().catch(() => ({}))) as T & { error?: string };
  if (!response.ok) {
    throw new Error(
      response.status === 401
        ? "Your session ended. Sign in again to see new events."
        : (body.error ?? "Events could not be loaded. Reload the page."),
    );
  }
  return body;
}

/** Poll every 2 s while anything shown is still on its way. */
export const LIVE_REFRESH_MS = 2000;
