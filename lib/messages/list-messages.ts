import type { Prisma } from "@prisma/client";
import { toPage, type ListQuery } from "@/lib/http/rest/list-query";
import type { Actor } from "@/lib/core/tenancy/actor";
import { scopedDb } from "@/lib/core/tenancy/scoped-db";
import { getUserOrThrow } from "@/lib/core/tenancy/find-user";
import { applyDueReports } from "./apply-sms-reports";
import { toMessageEntry, withRecipients } from "./transform";

/** A page of a user's messages, newest first: all of them, or one folder's. */
export async function listMessages(actor: Actor, guid: string, folder: string | undefined, query: ListQuery) {
  const user = await getUserOrThrow(actor, guid);
  await applyDueReports({ userId: user.id });
  const where: Prisma.MessageWhereInput = { AND: [{ userId: user.id, ...(folder ? { folder } : {}) }, query.where] };
  const db = scopedDb(actor);
  const [total, rows] = await Promise.all([
    db.message.count({ where }),
    db.message.findMany({ where, include: withRecipients, skip: query.skip, take: query.take, orderBy: [{ time: "desc" }, { id: "desc" }] }),
  ]);
  return toPage(query, total, rows.map(toMessageEntry));
}

export interface FolderSummary {
  name: string;
  total: number;
  unread: number;
}

/** The user's folders with their message and unread counts: inbox, sent and deleted always, then the user's own A-Z. */
export async function listFolders(actor: Actor, guid: string): Promise<FolderSummary[]> {
  const user = await getUserOrThrow(actor, guid);
  const where = { userId: user.id };
  const db = scopedDb(actor);
  const [totals, unread] = await Promise.all([
    db.message.groupBy({ by: ["folder"], where, _count: { _all: true } }),
    db.message.groupBy({ by: ["folder"], where: { ...where, isNew: true }, _count: { _all: true } }),
  ]);
  const names = [...new Set(["inbox", "sent", "deleted", ...totals.map((t) => t.folder).sort()])];
  return names.map((name) => ({
    name,
    total: totals.find((t) => t.folder === name)?._count._all ?? 0,
    unread: unread.find((t) => t.folder === name)?._count._all ?? 0,
  }));
}
