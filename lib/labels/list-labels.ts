import { z } from "zod";
import type { Actor } from "@/lib/core/tenancy/actor";
import { scopedDb } from "@/lib/core/tenancy/scoped-db";
import { getUserOrThrow } from "@/lib/core/tenancy/find-user";

export const labelEntrySchema = z
  .object({
    label: z.string(),
    devices: z.number().int().meta({ description: "How many of the user's devices carry it." }),
    messages: z.number().int().meta({ description: "How many of the user's messages carry it." }),
  })
  .meta({ id: "Label" });
export type LabelEntry = z.infer<typeof labelEntrySchema>;

/** The labels the user put on its devices and messages, A-Z, with how often each is used. */
export async function listLabels(actor: Actor, guid: string): Promise<LabelEntry[]> {
  const user = await getUserOrThrow(actor, guid);
  const [devices, messages] = await Promise.all([
    scopedDb(actor).device.groupBy({ by: ["label"], where: { userId: user.id, label: { not: null } }, _count: { _all: true } }),
    scopedDb(actor).message.groupBy({ by: ["label"], where: { userId: user.id, label: { not: null } }, _count: { _all: true } }),
  ]);
  const labels = [...new Set([...devices, ...messages].map((l) => l.label!))].sort((a, b) => a.localeCompare(b));
  return labels.map((label) => ({
    label,
    devices: devices.find((d) => d.label === label)?._count._all ?? 0,
    messages: messages.find((m) => m.label === label)?._count._all ?? 0,
  }));
}
