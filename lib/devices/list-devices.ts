import type { Prisma } from "@prisma/client";
import { toPage, type ListQuery } from "@/lib/http/rest/list-query";
import type { Actor } from "@/lib/core/tenancy/actor";
import { scopedDb } from "@/lib/core/tenancy/scoped-db";
import { getUserOrThrow } from "@/lib/core/tenancy/find-user";
import { toDeviceEntry, withNumber } from "./transform";

/** A page of a user's devices, oldest first (the default device leads). */
export async function listDevices(actor: Actor, guid: string, query: ListQuery) {
  const user = await getUserOrThrow(actor, guid);
  const where: Prisma.DeviceWhereInput = { AND: [{ userId: user.id }, query.where] };
  const db = scopedDb(actor);
  const [total, rows] = await Promise.all([
    db.device.count({ where }),
    db.device.findMany({ where, include: withNumber, skip: query.skip, take: query.take, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
  ]);
  return toPage(query, total, rows.map(toDeviceEntry));
}
