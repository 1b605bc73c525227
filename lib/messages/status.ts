import { OUTBOUND_TYPES, type MessageStatus, type MessageType, type RecipientStatus } from "./schemas";

interface StatusFields {
  type: string;
  folder: string;
  isNew: boolean;
  urgent: boolean;
}

/**
 * The status a message shows, derived from its fields (docs/messages.md): DELETED in the deleted
 * folder; a sent message follows its recipients (FAILED all failed, DELIVERED all delivered, SENT
 * while any is on its way, INITIAL before the engine took it); a received one URGENT, NEW or READ.
 */
export function messageStatus(message: StatusFields, recipients: Array<{ status: string }> = []): MessageStatus {
  if (message.folder === "deleted") return "DELETED";
  if (OUTBOUND_TYPES.includes(message.type as MessageType)) {
    const statuses = recipients.map((r) => r.status as RecipientStatus);
    if (statuses.length === 0) return "UNKNOWN";
    if (statuses.every((s) => s === "FAILED")) return "FAILED";
    if (statuses.every((s) => s === "DELIVERED")) return "DELIVERED";
    if (statuses.every((s) => s === "INITIAL")) return "INITIAL";
    return statuses.includes("SENT") || statuses.includes("INITIAL") ? "SENT" : "DELIVERED";
  }
  if (message.urgent) return "URGENT";
  return message.isNew ? "NEW" : "READ";
}
