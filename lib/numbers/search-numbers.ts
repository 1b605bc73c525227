import type { Prisma } from "@prisma/client";
import { prisma } from "@/lib/core/db/client";
import { MAX_COUNT, toPage, type ListQuery } from "@/lib/http/rest/list-query";
import { reclaimNumbers } from "./release-number";
import type { NumberEntry } from "./schemas";

/**
 * Free numbers of the inventory (any caller of the API may search them; who holds the others is
 * never shown). `maxResults` is the original clients' spelling of count.
 */
export async function searchNumbers(query: ListQuery & { maxResults?: number }) {
  await reclaimNumbers(prisma);
  const page =
    query.requestedCount === undefined && query.maxResults !== undefined
      ? { ...query, requestedCount: query.maxResults, take: Math.min(query.maxResults, MAX_COUNT) }
      : query;
  const where: Prisma.PhoneNumberWhereInput = { AND: [{ status: "available" }, page.where] };
  const [total, rows] = await Promise.all([
    prisma.phoneNumber.count({ where }),
    prisma.phoneNumber.findMany({ where, skip: page.skip, take: page.take, orderBy: [{ country: "asc" }, { number: "asc" }] }),
  ]);
  return toPage(
    page,
    total,
    rows.map((r): NumberEntry => ({ id: `tel:${r.number}`, location: r.country, sms: r.sms, status: "available" })),
  );
}
