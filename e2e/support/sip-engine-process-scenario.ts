import { execFileSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { BaresipPhone } from "@/lib/telephony/testing/baresip-phone";
import { bringUpNamespaceNetwork, reportScenario } from "@/lib/telephony/testing/network-namespace";
import { client, uniqueLogin } from "./api-client";
import { descendantPids, freePort, launch, startServer, stopProcess, waitUntilHealthy, type TestServer } from "./server";
import { createThrowawayPostgres, postgresBinaries, type ThrowawayPostgres } from "./throwaway-postgres";

// Runs inside a network namespace of its own (started by e2e/api/calls-engine-process.test.ts): a
// PostgreSQL of its own, two instances of the product on it, each as `npm start` with
// TELEPHONY_ENGINE=sip (web workers and a telephony engine process, one of the two engines carrying
// the calls by lock), and two baresip phones. Calls are placed through one instance and controlled
// through the other; web workers are killed and an instance restarted while a call is up; then the
// engine that carries the calls is killed. Prints what happened as one JSON line.

const dir = process.argv[2];
if (!dir || !fs.existsSync(dir)) throw new Error("usage: sip-engine-process-scenario.ts <empty folder>");

const SIP_PORT = 5070;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cmdline = (pid: number) => {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {
    return "";
  }
};
const enginePids = (launcher: ChildProcess) => descendantPids(launcher.pid!).filter((pid) => cmdline(pid).includes("telephony-engine"));
const webWorkerPids = (launcher: ChildProcess) => descendantPids(launcher.pid!).filter((pid) => cmdline(pid).includes("serve.js"));

/** The pids of the processes with a UDP socket on the SIP port (iproute2's ss, inside this namespace). */
function sipListeners(): number[] {
  const out = execFileSync("ss", ["-Hulnp", `( sport = :${SIP_PORT} )`], { encoding: "utf8" });
  return [...out.matchAll(/pid=(\d+)/g)].map((match) => Number(match[1]));
}

async function until<T>(what: string, limitMs: number, probe: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${limitMs} ms`);
    await sleep(200);
  }
}

interface Instance {
  name: string;
  url: string;
  launcher: ChildProcess;
}

async function main(): Promise<unknown> {
  bringUpNamespaceNetwork();
  const binaries = postgresBinaries();
  if ("missing" in binaries) throw new Error(`no PostgreSQL to run inside the namespace: ${binaries.missing}`);
  const alice = new BaresipPhone(path.join(dir!, "a"), 5180, [{ user: "alice", answer: "auto" }], 440);
  const bob = new BaresipPhone(path.join(dir!, "b"), 5190, [{ user: "bob", answer: "auto" }], 660);
  const phones = [alice, bob];
  let postgres: ThrowawayPostgres | undefined;
  let first: TestServer | undefined;
  let second: ChildProcess | undefined;
  try {
    for (const phone of phones) await phone.start();
    postgres = await createThrowawayPostgres(binaries.bin);
    const env = { TELEPHONY_ENGINE: "sip", SIP_BIND_HOST: "127.0.0.1", SIP_BIND_PORT: String(SIP_PORT), SIP_RING_SECONDS: "3" };
    first = await startServer({ postgresUrl: postgres.url, log: process.env.SIP_SCENARIO_LOG, env: { ...env, CALL_CONNECT_WAIT_MS: "15000" } });
    const secondPort = await freePort();
    const secondEnv = { ...first.env, PORT: String(secondPort), PUBLIC_URL: `http://localhost:${secondPort}` };
    const secondLog = path.join(dir!, "second.log");
    const startSecond = async () => {
      second = launch(secondEnv, secondLog);
      await waitUntilHealthy(`http://127.0.0.1:${secondPort}`, second, secondLog);
      return second;
    };
    await startSecond();
    const instances: Instance[] = [
      { name: "first", url: first.baseUrl, launcher: first.process },
      { name: "second", url: `http://localhost:${secondPort}`, launcher: second! },
    ];

    // Each instance runs an engine process; only the one holding the lock listens for SIP.
    const enginesRunning = instances.map((instance) => enginePids(instance.launcher).length);
    const listener = await until("an engine listening on the SIP port", 30_000, () => sipListeners()[0]);
    const carrier = instances.find((instance) => enginePids(instance.launcher).includes(listener))!;
    const other = instances.find((instance) => instance !== carrier)!;
    const viaOther = client(other.url);
    const viaCarrier = client(carrier.url);

    const user = await viaOther("POST", "/users", { json: { login: uniqueLogin("engine"), password: "call-pass-123" } });
    if (user.status !== 201) throw new Error(`creating a user: ${user.status} ${user.text}`);
    const guid = user.body.entry.guid as string;
    const legsOf = (entry: { legs: { status: string }[] }) => entry.legs.map((leg) => leg.status);
    const callAt = async (app: typeof viaOther, id: number) => {
      const read = await app("GET", `/calls/${guid}/${id}`);
      return { status: read.body?.entry?.status, reason: read.body?.entry?.reason, legs: read.body?.entry ? legsOf(read.body.entry) : read.text };
    };

    // Placed through the instance whose engine does not carry calls: its web worker only wrote the commands.
    const placed = await viaOther("POST", `/calls/${guid}`, { json: { legs: [alice.address("alice"), bob.address("bob")] } });
    const callId = placed.body?.entry?.id as number;
    const connected = {
      status: placed.status,
      callStatus: placed.body?.entry?.status,
      legs: placed.body?.entry ? legsOf(placed.body.entry) : placed.text,
    };
    if (placed.status !== 201) throw new Error(`placing the call: ${placed.status} ${placed.text}`);

    // Controlled through the other instance.
    const logLengths = phones.map((phone) => phone.log.length);
    const held = await viaCarrier("PUT", `/calls/${guid}/${callId}`, { json: { mode: "hold" } });
    await sleep(1500);
    const reinvited = phones.map((phone, i) => phone.log.slice(logLengths[i]).split("got re-INVITE (SDP Offer)").length - 1);

    // kill -9 every web worker of the carrier's instance: its launcher replaces them; the engine and the call stay.
    const killedWorkers = webWorkerPids(carrier.launcher);
    for (const pid of killedWorkers) process.kill(pid, "SIGKILL");
    await until("the carrier's web workers replaced", 60_000, async () => {
      const now = webWorkerPids(carrier.launcher);
      if (now.length < killedWorkers.length || now.some((pid) => killedWorkers.includes(pid))) return undefined;
      return (await fetch(`${carrier.url.replace("localhost", "127.0.0.1")}/rest/1.0/health`).catch(() => undefined))?.ok || undefined;
    });
    const afterWorkersKilled = await callAt(viaCarrier, callId);

    // The other instance stopped and started again (all of it: launcher, web workers, its standby engine).
    await stopProcess(second!);
    const stoppedOther = await callAt(viaCarrier, callId);
    await startSecond();
    other.launcher = second!;
    const afterOtherRestart = await callAt(viaOther, callId);
    const endedOnPhonesMeanwhile = phones.map((phone) => phone.callsEnded());

    // Hung up through the restarted instance: the carrying engine's BYE reaches both phones.
    const hungUp = await viaOther("PUT", `/calls/${guid}/${callId}`, { json: { active: false } });
    await until("both phones hear the BYE", 10_000, () => (phones.every((phone) => phone.callsEnded() >= 1) ? true : undefined)).catch(() => false);
    const ended = { httpStatus: hungUp.status, ...(await callAt(viaCarrier, callId)), endedOnPhones: phones.map((phone) => phone.callsEnded()) };

    // The engine that carries the calls is killed: the other instance's engine (or its own replacement) takes the lock and ends the calls it cannot know.
    const second2 = await viaCarrier("POST", `/calls/${guid}`, { json: { legs: [alice.address("alice"), bob.address("bob")] } });
    const orphanId = second2.body?.entry?.id as number;
    const killedEngine = listener;
    process.kill(killedEngine, "SIGKILL");
    const orphan = await until("the orphaned call ended", 60_000, async () => {
      const state = await callAt(viaOther, orphanId);
      return state.status === "CONNECTED" ? undefined : state;
    });
    const newListener = await until("an engine listening again", 30_000, () => sipListeners().find((pid) => pid !== killedEngine));
    // The phones never heard of the killed engine's end: they hang up themselves (our new engine answers a BYE it does not know with 481).
    for (const phone of phones) await phone.command("hangup");
    await sleep(500);
    const third = await viaOther("POST", `/calls/${guid}`, { json: { legs: [alice.address("alice"), bob.address("bob")] } });
    const thirdCall = { status: third.status, callStatus: third.body?.entry?.status };
    if (third.status === 201) await viaCarrier("PUT", `/calls/${guid}/${third.body.entry.id}`, { json: { active: false } });

    return {
      enginesRunning,
      sipListeners: sipListeners().length,
      connected,
      held: { status: held.status, mode: held.body?.entry?.mode, reinvited },
      killedWorkers: killedWorkers.length,
      afterWorkersKilled,
      stoppedOther,
      afterOtherRestart,
      endedOnPhonesMeanwhile,
      ended,
      orphanPlaced: second2.status,
      orphan,
      takenOverBy: newListener === killedEngine ? "the killed engine" : "another engine",
      thirdCall,
    };
  } finally {
    for (const phone of phones) await phone.stop();
    if (second) await stopProcess(second);
    await first?.stop();
    postgres?.destroy();
    for (const file of fs.readdirSync(dir!)) fs.rmSync(path.join(dir!, file), { recursive: true, force: true });
  }
}

reportScenario(main);
