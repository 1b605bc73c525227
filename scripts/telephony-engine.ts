// The telephony engine's own process (lib/registry/telephony-process.ts): the launcher
// (scripts/start.ts) starts it beside the web workers when TELEPHONY_ENGINE=sip, with their
// environment and TELEPHONY_PROCESS=inline (this process carries the calls the web processes command).
// Usage (the launcher runs it): node .build/telephony-engine.js
import "./require-supported-node";
import { startTelephonyProcess } from "../lib/registry/telephony-process";

const engine = startTelephonyProcess();
let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await engine.stop().catch((error) => console.error("[telephony] stopping:", error));
  process.exit(0);
}

process.on("SIGTERM", () => void stop());
// Ctrl-C reaches every process of the group: under the launcher, its SIGTERM stops this one after the web workers.
process.on("SIGINT", () => {
  if (typeof process.send !== "function") void stop();
});
// The launcher went away (even by kill -9): no engine keeps calls without it.
if (typeof process.send === "function") process.on("disconnect", () => void stop());
