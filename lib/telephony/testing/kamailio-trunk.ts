import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

// Debian's kamailio playing a carrier's SIP trunk for tests run inside a network namespace: it asks
// for digest credentials (407, qop=auth), then routes by the dialled number's last digits as issue
// 25 describes a carrier: ...0002 answers 486, ...0004 answers 503, ...0003 rings a phone that never
// answers, ...0001 and every other number reach an auto-answering phone. It stays in the dialog
// (Record-Route), so BYE and CANCEL go through it too.

export const KAMAILIO_MODULES = "/usr/lib/x86_64-linux-gnu/kamailio/modules";

export interface TrunkRoutes {
  /** ...0001 */
  first: string;
  /** ...0003: a phone that rings and is never answered. */
  neverAnswers: string;
  /** any other number */
  other: string;
}

export interface TrunkAccount {
  realm: string;
  username: string;
  password: string;
}

/** Why a kamailio trunk cannot run here, or null. */
export function kamailioSkipReason(): string | null {
  if (spawnSync("kamailio", ["-v"], { stdio: "ignore" }).error) return "Debian's kamailio is not installed (.ci/run installs it)";
  if (!fs.existsSync(path.join(KAMAILIO_MODULES, "auth.so"))) return `kamailio's modules are not in ${KAMAILIO_MODULES}`;
  return null;
}

/** The routing script (a kamailio.cfg) of the trunk on 127.0.0.1:`port`. */
export function trunkConfig(port: number, account: TrunkAccount, routes: TrunkRoutes): string {
  const modules = ["tm", "sl", "rr", "pv", "maxfwd", "textops", "siputils", "auth", "xlog"];
  return `#!KAMAILIO
debug=2
log_stderror=yes
children=1
listen=udp:127.0.0.1:${port}
mpath="${KAMAILIO_MODULES}/"
${modules.map((name) => `loadmodule "${name}.so"`).join("\n")}

request_route {
  if (!mf_process_maxfwd_header("10")) { sl_send_reply("483", "Too Many Hops"); exit; }
  if (has_totag()) {
    if (loose_route()) { t_relay(); exit; }
    if (is_method("ACK")) { if (t_check_trans()) { t_relay(); } exit; }
    sl_send_reply("404", "Not here"); exit;
  }
  if (is_method("CANCEL")) { if (t_check_trans()) { t_relay(); } exit; }
  if (!is_method("INVITE")) { sl_send_reply("405", "Method Not Allowed"); exit; }
  # pv_proxy_authenticate's flags 0: a plain password (1 would mean an HA1); proxy_challenge's 1: qop=auth.
  if (!pv_proxy_authenticate("${account.realm}", "${account.password}", "0")) { proxy_challenge("${account.realm}", "1"); exit; }
  if ($au != "${account.username}") { sl_send_reply("403", "Forbidden"); exit; }
  consume_credentials();
  xlog("L_NOTICE", "trunk: INVITE $rU from $au\\n");
  if ($rU =~ "0002$") { sl_send_reply("486", "Busy Here"); exit; }
  if ($rU =~ "0004$") { sl_send_reply("503", "Service Unavailable"); exit; }
  if ($rU =~ "0001$") { $ru = "${routes.first}"; }
  else if ($rU =~ "0003$") { $ru = "${routes.neverAnswers}"; }
  else { $ru = "${routes.other}"; }
  record_route();
  t_relay();
}
`;
}

/** A running kamailio trunk; `log` is what it printed. */
export class KamailioTrunk {
  log = "";
  private process?: ChildProcess;
  private closed: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly dir: string,
    readonly port: number,
    private readonly account: TrunkAccount,
    private readonly routes: TrunkRoutes,
  ) {}

  get uri(): string {
    return `sip:127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    fs.mkdirSync(this.dir, { recursive: true });
    const config = path.join(this.dir, "kamailio.cfg");
    fs.writeFileSync(config, trunkConfig(this.port, this.account, this.routes));
    // -DD: stay in the foreground (no fork to the background); -E: log to stderr; -Y: its runtime files here.
    const trunk = spawn("kamailio", ["-DD", "-E", "-f", config, "-Y", this.dir], { stdio: ["ignore", "pipe", "pipe"] });
    this.process = trunk;
    this.closed = new Promise((resolve) => trunk.once("close", resolve));
    trunk.stdout.on("data", (chunk: Buffer) => (this.log += chunk.toString()));
    trunk.stderr.on("data", (chunk: Buffer) => (this.log += chunk.toString()));
    const deadline = Date.now() + 10_000;
    // Its UDP worker says so once it listens.
    while (!/INFO: .*(?:udp_init|init_child|bind_address)|listening on/i.test(this.log)) {
      if (trunk.exitCode !== null) throw new Error(`kamailio exited (${trunk.exitCode}):\n${this.log}`);
      if (Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    if (trunk.exitCode !== null) throw new Error(`kamailio exited (${trunk.exitCode}):\n${this.log}`);
  }

  async stop(): Promise<void> {
    const trunk = this.process;
    if (!trunk) return;
    if (trunk.exitCode === null && trunk.signalCode === null) trunk.kill("SIGTERM");
    const timer = setTimeout(() => trunk.kill("SIGKILL"), 3000);
    await this.closed;
    clearTimeout(timer);
  }
}
