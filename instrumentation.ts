export async function register() {
  // Started by scripts/start.ts with an ipc channel: exit when the launcher goes away, even on
  // kill -9, so no orphan server keeps running without its embedded database.
  if (process.env.NEXT_RUNTIME === "nodejs" && typeof process.send === "function") {
    process.on("disconnect", () => process.exit(0));
  }
}
