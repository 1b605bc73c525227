import type { UserService } from "@prisma/client";
import { prisma } from "@/lib/core/db/client";
import { notFound } from "@/lib/core/errors/api-error";
import type { Actor } from "@/lib/core/tenancy/actor";
import type { TranscriptionProvider } from "@/lib/transcription/provider";
import { PROVIDERS, providerById } from "@/lib/transcription/providers";
import { getUserOrThrow } from "@/lib/core/tenancy/find-user";
import type { ServiceEntry } from "./schemas";

export function toServiceEntry(provider: TranscriptionProvider, setting?: Pick<UserService, "voicemail" | "folders">): ServiceEntry {
  return {
    id: provider.id,
    type: "Transcription",
    name: provider.name,
    description: provider.description,
    providers: [provider.id],
    voicemail: setting?.voicemail ?? false,
    folders: setting?.folders ?? [],
  };
}

/** The services the user can turn on (type Transcription, one per provider), with what it turned on. */
export async function listServices(actor: Actor, guid: string): Promise<ServiceEntry[]> {
  const user = await getUserOrThrow(actor, guid);
  const settings = await prisma.userService.findMany({ where: { userId: user.id } });
  return PROVIDERS.map((p) =>
    toServiceEntry(
      p,
      settings.find((s) => s.serviceId === p.id),
    ),
  );
}

export function providerOrThrow(serviceId: string, guid: string): TranscriptionProvider {
  const provider = providerById(serviceId);
  if (!provider) throw notFound(`Service ${serviceId} of user ${guid}`);
  return provider;
}
