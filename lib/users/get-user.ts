import { getUserOrThrow } from "@/lib/core/tenancy/find-user";
import type { Actor } from "@/lib/core/tenancy/actor";
import { toUserEntry } from "./transform";

export async function getUser(actor: Actor, guid: string) {
  return toUserEntry(await getUserOrThrow(actor, guid));
}
