import { prisma } from "@/lib/core/db/client";
import { withoutUnchangedReadOnly } from "@/lib/http/rest/read-only-fields";
import type { Actor } from "@/lib/core/tenancy/actor";
import { getUserOrThrow } from "@/lib/core/tenancy/find-user";
import { providerOrThrow, toServiceEntry } from "./list-services";
import { SERVICE_READ_ONLY, type UpdateServiceInput } from "./schemas";

/** Turns a transcription service on or off for voicemail ({voicemail}) and for chosen folders ({folders}). */
export async function updateService(actor: Actor, guid: string, serviceId: string, input: UpdateServiceInput) {
  const user = await getUserOrThrow(actor, guid);
  const provider = providerOrThrow(serviceId, guid);
  const current = await prisma.userService.findUnique({ where: { userId_serviceId: { userId: user.id, serviceId: provider.id } } });
  const { voicemail, folders } = withoutUnchangedReadOnly(input, toServiceEntry(provider, current ?? undefined), SERVICE_READ_ONLY);
  const data = { ...(voicemail !== undefined ? { voicemail } : {}), ...(folders !== undefined ? { folders: [...new Set(folders)] } : {}) };
  const saved = await prisma.userService.upsert({
    where: { userId_serviceId: { userId: user.id, serviceId: provider.id } },
    create: { userId: user.id, serviceId: provider.id, ...data },
    update: data,
  });
  return toServiceEntry(provider, saved);
}
