import type { Prisma } from "@prisma/client";
import { prisma } from "@/lib/core/db/client";
import { toPage, type ListQuery } from "@/lib/http/rest/list-query";
import type { Actor } from "@/lib/core/tenancy/actor";
import { deviceScope } from "@/lib/core/tenancy/scope";
import { getUserOrThrow } from "@/lib/core/tenancy/find-user";
import { toDeviceEntry, withNumber } from "./transform";

/** A page of a user's devices, oldest first (the default device leads). */
export async function listDevices(actor: Actor, guid: string, query: ListQuery) {
  const user = await getUserOrThrow(actor, guid);
  const where: Prisma.DeviceWhereInput = { AND: [{ userId: user.id }, deviceScope(actor), query.where] };
  const [total, rows] = await Promise.all([
    prisma.device.count({ where }),
    prisma.device.findMany({ where, include: withNumber, skip: query.skip, take: query.take, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
  ]);
  return toPage(query, total, rows.map(toDeviceEntry));
}
