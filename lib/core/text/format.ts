// Text for people from dates, sizes and caller ids, the same on server and browser.

/** "23 Nov 2026" in UTC, so server and browser render the same text. */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
}

/** "09:40:12" (UTC). */
export function formatTime(iso: string): string {
  return new Date(iso).toISOString().slice(11, 19);
}

/** "23 Nov 2026, 09:40:12 UTC": built from the ISO string so server and browser render the same text. */
export function formatDateTime(iso: string): string {
  return `${formatDate(iso)}, ${formatTime(iso)} UTC`;
}

/** A byte count for people: "512 B", "14.2 KB", "3.1 MB". */
export const formatSize = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A caller id for people: a number the user holds (service:, tel:) as +<digits>, anything else as it is. */
export function callerIdLabel(callerId: string): string {
  const number = /^(?:service|tel):(\d+)$/.exec(callerId);
  return number ? `+${number[1]}` : callerId;
}
