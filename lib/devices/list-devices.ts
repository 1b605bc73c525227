import type { Prisma } from "@prisma/client";
import { prisma } from "@/lib/db/client";
import { toPage, type ListQuery } from "@/lib/rest/list-query";
import type { Actor } from "@/lib/tenancy/actor";
import { deviceScope } from "@/lib/tenancy/scope";
import { getUserOrThrow } from "@/lib/users/get-user";
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
