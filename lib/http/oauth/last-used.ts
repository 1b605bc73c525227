import { prisma } from "@/lib/core/db/client";
import { log } from "@/lib/core/log";

// When each access token was last used, written in batches: one UPDATE for every token used in the
// last interval, not one per request. A crash loses at most one interval of "last used" times.

const FLUSH_INTERVAL_MS = 30_000;
const used = new Set<string>();
let timer: NodeJS.Timeout | undefined;

export function noteTokenUse(tokenId: string): void {
  used.add(tokenId);
  timer ??= setTimeout(() => void flushTokenUses(), FLUSH_INTERVAL_MS).unref();
}

export async function flushTokenUses(): Promise<void> {
  timer = undefined;
  const ids = [...used];
  used.clear();
  if (ids.length === 0) return;
  await prisma.accessToken.updateMany({ where: { id: { in: ids } }, data: { lastUsedAt: new Date() } }).catch((error: Error) => {
    log.warn("could not record when tokens were last used", { error: error.message, tokens: ids.length });
  });
}
