import { randomUUID } from "node:crypto";
import { config } from "@/lib/core/config";

// Each start of the server has a boot id, stamped on the calls it places, so a restart can tell the
// calls of earlier starts (calls-ready.ts). The launcher gives all its web workers one (CALLS_BOOT_ID):
// a worker that replaces a dead one ends none of its siblings' calls. On globalThis: route bundles share one process.

const state = globalThis as { __callsBoot?: { id: string; ready?: Promise<void> } };

/** This process's boot id and its reconciliation promise. */
export const callsBoot = () => (state.__callsBoot ??= { id: config().CALLS_BOOT_ID ?? randomUUID() });

export const bootId = () => callsBoot().id;
