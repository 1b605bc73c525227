import type { PrismaClient } from "@prisma/client";
import { FICTIONAL_RANGES, numbersOf } from "./ranges";

/** Fills the inventory with the fictional ranges once (an inventory that has seeded numbers is left alone). */
export async function seedNumberInventory(prisma: PrismaClient): Promise<number> {
  if (await prisma.phoneNumber.findFirst({ where: { source: "seed" }, select: { number: true } })) return 0;
  const rows = FICTIONAL_RANGES.flatMap((range) =>
    numbersOf(range).map((number) => ({ number, country: range.country, sms: range.sms, source: "seed" })),
  );
  const { count } = await prisma.phoneNumber.createMany({ data: rows, skipDuplicates: true });
  return count;
}
