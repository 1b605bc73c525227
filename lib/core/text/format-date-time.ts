import { formatDate } from "./format-date";

/** "23 Nov 2026, 09:40:12 UTC": built from the ISO string so server and browser render the same text. */
export function formatDateTime(iso: string): string {
  return `${formatDate(iso)}, ${formatTime(iso)} UTC`;
}

/** "09:40:12" (UTC). */
export function formatTime(iso: string): string {
  return new Date(iso).toISOString().slice(11, 19);
}
