export async function register() {
  // Node-only start-up (process hooks, the delivery scheduler); the edge bundle never loads it.
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { onServerStart } = await import("./lib/registry/server-start");
    onServerStart();
  }
}
