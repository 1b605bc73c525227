import type { Prisma } from "@prisma/client";
import { prisma } from "@/lib/core/db/client";
import type { DeveloperActor } from "@/lib/core/tenancy/actor";
import { deviceScope } from "@/lib/core/tenancy/scope";
import { reclaimNumbers } from "./release-number";

export const INVENTORY_PAGE_SIZE = 50;
export const NUMBER_STATUSES = ["available", "allocated", "quarantined"] as const;

export interface InventoryFilter {
  country?: string;
  status?: (typeof NUMBER_STATUSES)[number];
  /** Digits anywhere in the number. */
  digits?: string;
}

/** Who holds a number, as far as the developer may know: its own users by name, anyone else's as "another developer". */
export type Holder = { kind: "own"; userId: string; login: string; domain: string } | { kind: "other" } | undefined;

/**
 * The number inventory for the portal's Numbers page: every developer sees every number and its
 * status (the inventory is the platform's), but holders only among its own users.
 */
export async function listInventory(actor: DeveloperActor, filter: InventoryFilter, page = 0) {
  await reclaimNumbers(prisma);
  const where: Prisma.PhoneNumberWhereInput = {
    ...(filter.country ? { country: filter.country } : {}),
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.digits ? { number: { contains: filter.digits } } : {}),
  };
  const [total, rows, summary] = await Promise.all([
    prisma.phoneNumber.count({ where }),
    prisma.phoneNumber.findMany({
      where,
      orderBy: [{ country: "asc" }, { number: "asc" }],
      skip: page * INVENTORY_PAGE_SIZE,
      take: INVENTORY_PAGE_SIZE,
    }),
    prisma.phoneNumber.groupBy({ by: ["country", "status"], _count: { _all: true }, orderBy: [{ country: "asc" }, { status: "asc" }] }),
  ]);
  const held = rows.flatMap((r) => (r.deviceId ? [r.deviceId] : []));
  const visible = held.length
    ? await prisma.device.findMany({
        where: { AND: [{ id: { in: held } }, deviceScope(actor)] },
        select: { id: true, user: { select: { id: true, login: true, domain: { select: { name: true } } } } },
      })
    : [];
  const holders = new Map(visible.map((d) => [d.id, d.user]));
  const holderOf = (deviceId: string | null): Holder => {
    if (!deviceId) return undefined;
    const user = holders.get(deviceId);
    return user ? { kind: "own", userId: user.id, login: user.login, domain: user.domain.name } : { kind: "other" };
  };
  const countries = new Map<string, Record<(typeof NUMBER_STATUSES)[number], number>>();
  for (const s of summary) {
    const counts = countries.get(s.country) ?? { available: 0, allocated: 0, quarantined: 0 };
    counts[s.status as (typeof NUMBER_STATUSES)[number]] = s._count._all;
    countries.set(s.country, counts);
  }
  return {
    total,
    countries: [...countries].map(([country, counts]) => ({ country, ...counts })),
    numbers: rows.map((r) => ({
      number: r.number,
      country: r.country,
      sms: r.sms,
      status: r.status,
      since: r.allocatedAt ?? r.quarantinedUntil,
      holder: holderOf(r.deviceId),
    })),
  };
}

/**
 * The operator, who may add numbers in the portal: the developer owning the default domain (the
 * installation's first developer). Anyone with shell access can use `npm run numbers:import`.
 */
export async function isNumberOperator(actor: DeveloperActor): Promise<boolean> {
  return (await prisma.domain.count({ where: { isDefault: true, ownerId: actor.developerId } })) > 0;
}

/** Countries with free numbers, how many, and how many of them can send SMS (the portal's allocation form). */
export async function freeNumberCountries(): Promise<Array<{ country: string; available: number; sms: number }>> {
  await reclaimNumbers(prisma);
  const groups = await prisma.phoneNumber.groupBy({
    by: ["country", "sms"],
    where: { status: "available" },
    _count: { _all: true },
    orderBy: [{ country: "asc" }, { sms: "asc" }],
  });
  const byCountry = new Map<string, { country: string; available: number; sms: number }>();
  for (const g of groups) {
    const entry = byCountry.get(g.country) ?? { country: g.country, available: 0, sms: 0 };
    entry.available += g._count._all;
    if (g.sms) entry.sms += g._count._all;
    byCountry.set(g.country, entry);
  }
  return [...byCountry.values()];
}
