import { randomUUID } from "node:crypto";

// Each server process has a boot id (on globalThis: route bundles share one process), stamped on the
// calls it starts, so a restart can tell the calls of earlier processes (calls-ready.ts).

const state = globalThis as { __callsBoot?: { id: string; ready?: Promise<void> } };

/** This process's boot id and its reconciliation promise. */
export const callsBoot = () => (state.__callsBoot ??= { id: randomUUID() });

export const bootId = () => callsBoot().id;
