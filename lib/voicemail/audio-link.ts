import { ApiError } from "@/lib/core/errors/api-error";
import { createMediaLink } from "@/lib/media/media-link";
import { parseMediaPath } from "@/lib/media/system-file";
import { REST_PREFIX } from "@/lib/core/urls";
import type { Actor } from "@/lib/core/tenancy/actor";

/** A signed same-origin URL an <audio> element plays a message's recording from; undefined when the actor may not read it or it is gone. */
export async function audioLink(actor: Actor, mediaPath: string): Promise<string | undefined> {
  const path = parseMediaPath(mediaPath);
  if (!path) return undefined;
  try {
    return (await createMediaLink(actor, path, (p) => `${REST_PREFIX}${p}`)).url;
  } catch (error) {
    if (error instanceof ApiError) return undefined;
    throw error;
  }
}
