// `npx switchboard`: the command-line client of the REST API (docs/getting-started.md, "The CLI").
// Signs every request with OAuth 1.0a through the same helper as the tests and the portal's API
// console, like twurl: `login` once (xAuth), then get/post/put/delete, upload/download media with a
// progress bar, and `events tail` to watch an application's deliveries at its built-in receiver.
// Exit codes: 0 ok, 1 the API answered an error (4xx/5xx) or could not be reached, 2 bad usage.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { signRequest } from "../lib/http/oauth/sign-request";

const PROGRAM = "switchboard";

interface Config {
  url?: string;
  consumerKey?: string;
  consumerSecret?: string;
  token?: string;
  tokenSecret?: string;
  login?: string;
  userGuid?: string;
}

class UsageError extends Error {}
class ApiFailure extends Error {}

const HELP: Record<string, string> = {
  main: `Usage: ${PROGRAM} <command> [options]

Commands:
  login <login> [password]            Sign in as a user (xAuth) and save the keys and token
  get|post|put|delete <path>          Send a signed request (path under /rest/1.0)
  upload <local file> <media path>    Upload a file to /media/<domain>/<folder>/<file>
  download <media path> <local file>  Download a media file
  events tail <domain>:<app>          Print the application's webhook deliveries as they arrive
  config                              Show where the configuration is and what it holds (no secrets)

Run '${PROGRAM} <command> --help' for a command's options. 'npm run api -- ...' runs the same.
Exit codes: 0 ok, 1 the API answered an error or could not be reached, 2 bad usage.`,
  login: `Usage: ${PROGRAM} login <login> [password] [--key <consumer key>] [--secret <consumer secret>] [--url <server>]

Exchanges the user's login and password for an access token (xAuth, POST /rest/1.0/login) and saves
the server, consumer key and secret and the token in ${configPath()} (mode 0600).
The consumer key and secret come from --key/--secret, else SWITCHBOARD_CONSUMER_KEY/SECRET, else
the saved configuration: the application's page in the portal shows them. Without a password
argument it is read from the first line of standard input.`,
  request: `Usage: ${PROGRAM} get|post|put|delete <path> [--data <json> | --data @<file>] [--app]

Signs the request with the saved consumer key and secret and, unless --app is given (two-legged, as
the application), the saved user token. <path> is relative to /rest/1.0 and may carry a query:
  ${PROGRAM} get /users?count=5
  ${PROGRAM} post /users --data '{"login":"ada","password":"correct-horse-battery"}'
  ${PROGRAM} put /users/<guid> --data @user.json
Prints the status line, the Location and other useful headers, and the JSON answer.`,
  upload: `Usage: ${PROGRAM} upload <local file> <domain>/<folder>/<file>

Creates the file's entry in the folder if it has none, then POSTs the bytes to
/rest/1.0/media/<domain>/<folder>/<file> (replacing any content). The folder must exist:
'${PROGRAM} post /media/<domain> --data '{"id":"<folder>"}''. A progress bar on a terminal, a line
per quarter otherwise.`,
  download: `Usage: ${PROGRAM} download <domain>/<folder>/<file> <local file>

GETs the file's bytes from /rest/1.0/media/<domain>/<folder>/<file> into <local file>, with a
progress bar on a terminal (a line per quarter otherwise).`,
  events: `Usage: ${PROGRAM} events tail <domain>:<app> [--count <n>] [--interval <ms>]

Watches the application's built-in webhook receiver (docs/webhooks.md, "Watching deliveries") and
prints each delivery as it arrives: time, event type, id and the signature check, then the event.
Signed as the application itself (two-legged), so it needs that application's consumer key and
secret. Runs until Ctrl-C, or until <n> deliveries with --count.`,
  config: `Usage: ${PROGRAM} config

Prints the configuration file's path and the server, consumer key and user it holds.`,
};

function configPath(): string {
  const base = process.env.XDG_CONFIG_HOME || path.join(os.homedir(), ".config");
  return path.join(base, "switchboard", "config.json");
}

function readConfig(): Config {
  try {
    return JSON.parse(fs.readFileSync(configPath(), "utf8")) as Config;
  } catch {
    return {};
  }
}

function writeConfig(config: Config): void {
  const file = configPath();
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600); // an existing file keeps its mode otherwise
}

/** Flags (--name value, --name=value, boolean --name) and positional arguments. */
function parseArgs(args: string[], booleans: string[] = []) {
  const flags: Record<string, string | true> = {};
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--") {
      positional.push(...args.slice(i + 1));
      break;
    }
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!m) {
      positional.push(arg);
      continue;
    }
    const name = m[1]!;
    if (name === "help" || booleans.includes(name)) flags[name] = true;
    else if (m[2] !== undefined) flags[name] = m[2];
    else if (i + 1 < args.length) flags[name] = args[++i]!;
    else throw new UsageError(`--${name} needs a value.`);
  }
  return { flags, positional };
}

const flag = (flags: Record<string, string | true>, name: string) => (typeof flags[name] === "string" ? (flags[name] as string) : undefined);

/** The server: --url, SWITCHBOARD_URL, the saved one, PUBLIC_URL, else http://localhost:$PORT (as the server finds itself). */
function serverUrl(config: Config, flags: Record<string, string | true> = {}): string {
  return (
    flag(flags, "url") ||
    process.env.SWITCHBOARD_URL ||
    config.url ||
    process.env.PUBLIC_URL ||
    `http://localhost:${process.env.PORT || 3000}`
  ).replace(/\/+$/, "");
}

/** Credentials: the environment (SWITCHBOARD_CONSUMER_KEY, ...) when it names a key, else the saved configuration. */
function credentials(config: Config, { asApp = false } = {}) {
  const fromEnv = Boolean(process.env.SWITCHBOARD_CONSUMER_KEY);
  const consumerKey = fromEnv ? process.env.SWITCHBOARD_CONSUMER_KEY : config.consumerKey;
  const consumerSecret = fromEnv ? process.env.SWITCHBOARD_CONSUMER_SECRET : config.consumerSecret;
  if (!consumerKey || !consumerSecret) {
    throw new UsageError(
      `No consumer key and secret. Run '${PROGRAM} login <login> --key <key> --secret <secret>' ` +
        `(the application's page in the portal shows them), or set SWITCHBOARD_CONSUMER_KEY and ` +
        `SWITCHBOARD_CONSUMER_SECRET.`,
    );
  }
  const token = asApp ? undefined : (fromEnv ? process.env.SWITCHBOARD_TOKEN : config.token) || undefined;
  const tokenSecret = asApp ? undefined : (fromEnv ? process.env.SWITCHBOARD_TOKEN_SECRET : config.tokenSecret) || undefined;
  return { consumerKey, consumerSecret, token, tokenSecret };
}

/** What to do after an error answer, by status. */
function hint(status: number, text: string): string | undefined {
  if (status === 401 && /signature_invalid|consumer_key_unknown|consumer_key_rejected/.test(text)) {
    return `Check the consumer key and secret ('${PROGRAM} config' shows the key in use; the application's page in the portal shows both).`;
  }
  if (status === 401 && /token_/.test(text)) return `The user token was refused: sign in again with '${PROGRAM} login <login>'.`;
  if (status === 401) return `Sign in with '${PROGRAM} login <login>', or check the keys.`;
  if (status === 404) return "Nothing there in your domain: check the path (it is relative to /rest/1.0).";
  if (status === 403) return "Understood but refused: see the problem's detail (a token may be read-only, or the resource another application's).";
  return undefined;
}

async function send(method: string, url: string, init: { headers: Record<string, string>; body?: BodyInit; duplex?: "half" }) {
  try {
    return await fetch(url, { method, redirect: "manual", ...init } as RequestInit);
  } catch (error) {
    const reason = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message;
    throw new ApiFailure(
      `Could not reach the server at ${new URL(url).origin} (${reason}). Is it running? Point SWITCHBOARD_URL (or --url at login, or PUBLIC_URL / PORT) at it.`,
    );
  }
}

function printResponse(res: Response, text: string): void {
  console.log(`${res.status} ${res.statusText}`);
  for (const name of ["location", "allow", "www-authenticate", "retry-after", "x-request-id"]) {
    const value = res.headers.get(name);
    if (value) console.log(`${name}: ${value}`);
  }
  if (text) {
    try {
      console.log(JSON.stringify(JSON.parse(text), null, 2));
    } catch {
      console.log(text);
    }
  }
}

function failOnError(res: Response, text: string): void {
  if (res.status < 400) return;
  const advice = hint(res.status, text);
  if (advice) console.error(advice);
  throw new ApiFailure("");
}

async function readStdinLine(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write("Password: ");
  let data = "";
  for await (const chunk of process.stdin) {
    data += chunk;
    if (data.includes("\n")) break;
  }
  return data.split(/\r?\n/)[0] ?? "";
}

async function login(args: string[]) {
  const { flags, positional } = parseArgs(args);
  if (flags.help) return console.log(HELP.login);
  const [user, given] = positional;
  if (!user) throw new UsageError(`login needs the user's login.\n\n${HELP.login}`);
  const saved = readConfig();
  const consumerKey = flag(flags, "key") || process.env.SWITCHBOARD_CONSUMER_KEY || saved.consumerKey;
  const consumerSecret = flag(flags, "secret") || process.env.SWITCHBOARD_CONSUMER_SECRET || saved.consumerSecret;
  if (!consumerKey || !consumerSecret)
    throw new UsageError(
      `login needs the application's consumer key and secret: --key and --secret (the application's page in the portal shows them).`,
    );
  const password = given ?? (await readStdinLine());
  if (!password) throw new UsageError("login needs the user's password (an argument, or a line on standard input).");
  const base = serverUrl(saved, flags);
  const url = `${base}/rest/1.0/login`;
  const { authorization } = signRequest({
    method: "POST",
    url,
    consumerKey,
    consumerSecret,
    extraOAuthParams: { x_auth_username: user, x_auth_password: password },
  });
  const res = await send("POST", url, { headers: { Authorization: authorization } });
  const text = await res.text();
  if (!res.ok) {
    printResponse(res, text);
    console.error(
      res.status === 401 && /signature|consumer/.test(text)
        ? hint(401, text)
        : "The login or password was refused: check them (the login is the user's own, without the domain).",
    );
    throw new ApiFailure("");
  }
  const reply = new URLSearchParams(text);
  const config: Config = {
    url: base,
    consumerKey,
    consumerSecret,
    token: reply.get("oauth_token") ?? undefined,
    tokenSecret: reply.get("oauth_token_secret") ?? undefined,
    login: user,
    userGuid: reply.get("user_guid") ?? undefined,
  };
  writeConfig(config);
  console.log(`Signed in as ${user} (user ${config.userGuid}) at ${base}.`);
  console.log(`Saved in ${configPath()} (readable by you only).`);
}

function bodyOf(flags: Record<string, string | true>, positional: string[]): string | undefined {
  const data = flag(flags, "data") ?? positional[1];
  if (data === undefined) return undefined;
  let body = data;
  if (data.startsWith("@")) {
    try {
      body = fs.readFileSync(data.slice(1), "utf8");
    } catch (error) {
      throw new UsageError(`Could not read ${data.slice(1)}: ${(error as Error).message}`);
    }
  }
  try {
    JSON.parse(body);
  } catch (error) {
    throw new UsageError(`The body is not valid JSON: ${(error as Error).message}`);
  }
  return body;
}

async function request(method: string, args: string[]) {
  const { flags, positional } = parseArgs(args, ["app"]);
  if (flags.help) return console.log(HELP.request);
  const [path] = positional;
  if (!path) throw new UsageError(`${method.toLowerCase()} needs a path.\n\n${HELP.request}`);
  if (!path.startsWith("/")) throw new UsageError(`The path must start with / (it is relative to /rest/1.0): /${path}?`);
  const body = bodyOf(flags, positional);
  const config = readConfig();
  const url = `${serverUrl(config)}/rest/1.0${path}`;
  const { authorization } = signRequest({ method, url, ...credentials(config, { asApp: flags.app === true }), body });
  const res = await send(method, url, {
    headers: { Authorization: authorization, ...(body !== undefined ? { "Content-Type": "application/json" } : {}) },
    body,
  });
  const text = await res.text();
  printResponse(res, text);
  failOnError(res, text);
}

const MB = (n: number) => `${(n / 1_048_576).toFixed(1)} MB`;

/** Counts bytes going through: a bar redrawn on a terminal, a line at each quarter otherwise. */
function progress(label: string, total: number | undefined): Transform & { finish: () => void } {
  let done = 0;
  let finished = false;
  let lastQuarter = -1;
  const tty = process.stderr.isTTY;
  const draw = (final = false) => {
    const fraction = total ? Math.min(1, done / total) : undefined;
    if (tty) {
      const width = 30;
      const filled = fraction === undefined ? 0 : Math.round(fraction * width);
      const bar = fraction === undefined ? "" : `[${"#".repeat(filled)}${" ".repeat(width - filled)}] ${Math.round(fraction * 100)}% `;
      process.stderr.write(`\r${label} ${bar}${MB(done)}${total ? ` of ${MB(total)}` : ""}${final ? "\n" : ""}`);
      return;
    }
    const quarter = fraction === undefined ? (final ? 4 : -1) : Math.floor(fraction * 4);
    if (quarter > lastQuarter && (quarter > 0 || final)) {
      lastQuarter = quarter;
      console.error(`${label} ${fraction === undefined ? "" : `${quarter * 25}% `}${MB(done)}${total ? ` of ${MB(total)}` : ""}`);
    }
  };
  /** Ends the bar's line once, when the bytes are through or the answer came first. */
  const finish = () => {
    if (finished) return;
    finished = true;
    draw(true);
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      done += chunk.length;
      if (!finished) draw();
      callback(null, chunk);
    },
    flush(callback) {
      finish();
      callback();
    },
  });
  return Object.assign(stream, { finish });
}

function mediaParts(mediaPath: string | undefined, usage: string): [string, string, string] {
  const parts = (mediaPath ?? "").replace(/^\/?(rest\/1\.0\/)?(media\/)?/, "").split("/");
  if (parts.length !== 3 || parts.some((p) => !p))
    throw new UsageError(`The media path is <domain>/<folder>/<file>, e.g. acme/prompts/greeting.mp3.\n\n${usage}`);
  return parts as [string, string, string];
}

const mediaUrl = (config: Config, parts: string[]) => `${serverUrl(config)}/rest/1.0/media/${parts.map(encodeURIComponent).join("/")}`;

async function upload(args: string[]) {
  const { flags, positional } = parseArgs(args);
  if (flags.help) return console.log(HELP.upload);
  const [local, media] = positional;
  if (!local || !media) throw new UsageError(`upload needs a local file and a media path.\n\n${HELP.upload}`);
  const config = readConfig();
  const [domain, folder, file] = mediaParts(media, HELP.upload!);
  const url = mediaUrl(config, [domain, folder, file]);
  let size: number;
  try {
    size = fs.statSync(local).size;
  } catch (error) {
    throw new UsageError(`Could not read ${local}: ${(error as Error).message}`);
  }
  // The file's entry first (POST /media/<domain>/<folder>); one that exists already (409) is replaced by the upload.
  const folderUrl = mediaUrl(config, [domain, folder]);
  const entry = JSON.stringify({ id: file });
  const signed = signRequest({ method: "POST", url: folderUrl, ...credentials(config), body: entry });
  const created = await send("POST", folderUrl, {
    headers: { Authorization: signed.authorization, "Content-Type": "application/json" },
    body: entry,
  });
  if (!created.ok && created.status !== 409) {
    const text = await created.text();
    printResponse(created, text);
    if (created.status === 404)
      console.error(`No folder ${folder} in ${domain}: create it with '${PROGRAM} post /media/${domain} --data '{"id":"${folder}"}''.`);
    else failOnError(created, text);
    throw new ApiFailure("");
  }
  await created.body?.cancel();
  const { authorization } = signRequest({ method: "POST", url, ...credentials(config) });
  const bar = progress("upload", size);
  const body = Readable.toWeb(fs.createReadStream(local).pipe(bar)) as ReadableStream;
  const res = await send("POST", url, {
    headers: { Authorization: authorization, "Content-Type": "application/octet-stream", "Content-Length": String(size) },
    body,
    duplex: "half",
  });
  bar.finish();
  const text = await res.text();
  printResponse(res, text);
  failOnError(res, text);
}

/** The file's size from its JSON details, for the progress when the bytes come without a Content-Length. */
async function mediaSize(url: string, config: Config): Promise<number | undefined> {
  const { authorization } = signRequest({ method: "GET", url, ...credentials(config) });
  const res = await send("GET", url, { headers: { Authorization: authorization } });
  const details = (await res.json().catch(() => undefined)) as { entry?: { size?: number } } | undefined;
  return details?.entry?.size;
}

async function download(args: string[]) {
  const { flags, positional } = parseArgs(args);
  if (flags.help) return console.log(HELP.download);
  const [media, local] = positional;
  if (!media || !local) throw new UsageError(`download needs a media path and a local file.\n\n${HELP.download}`);
  const config = readConfig();
  const url = mediaUrl(config, mediaParts(media, HELP.download!));
  const { authorization } = signRequest({ method: "GET", url, ...credentials(config) });
  const res = await send("GET", url, { headers: { Authorization: authorization, Accept: "application/octet-stream" } });
  if (!res.ok || !res.body) {
    const text = await res.text();
    printResponse(res, text);
    failOnError(res, text);
    return;
  }
  const length = Number(res.headers.get("content-length")) || (await mediaSize(url, config));
  const partial = `${local}.part`;
  await pipeline(
    Readable.fromWeb(res.body as import("node:stream/web").ReadableStream),
    progress("download", length || undefined),
    fs.createWriteStream(partial),
  );
  fs.renameSync(partial, local);
  console.log(`${res.status} ${res.statusText}: saved ${MB(fs.statSync(local).size)} in ${local}`);
}

interface Delivery {
  received: string;
  eventId: string;
  type: string;
  signatureValid: boolean;
  verification: string;
  event: unknown;
}

async function events(args: string[]) {
  const [sub, ...rest] = args;
  const { flags, positional } = parseArgs(rest);
  if (flags.help || sub === "--help" || !sub) {
    if (!sub) throw new UsageError(HELP.events!);
    return console.log(HELP.events);
  }
  if (sub !== "tail") throw new UsageError(`Unknown events command ${sub}.\n\n${HELP.events}`);
  const [app] = positional;
  if (!app || !app.includes(":"))
    throw new UsageError(`events tail needs the application's id, <domain>:<app> (e.g. demo:demo-app).\n\n${HELP.events}`);
  const wanted = flag(flags, "count") ? Number(flag(flags, "count")) : Infinity;
  const interval = Number(flag(flags, "interval") ?? 1000);
  if (!(wanted > 0) || !(interval >= 100)) throw new UsageError("--count must be a positive number and --interval at least 100 (ms).");
  const config = readConfig();
  const creds = credentials(config, { asApp: true });
  const base = `${serverUrl(config)}/rest/1.0/apps/${encodeURIComponent(app).replace(/%3A/gi, ":")}/receiver`;
  let since: string | undefined;
  let shown = 0;
  let first = true;
  for (;;) {
    const url = since ? `${base}?since=${encodeURIComponent(since)}` : base;
    const { authorization } = signRequest({ method: "GET", url, ...creds });
    const res = await send("GET", url, { headers: { Authorization: authorization } });
    const text = await res.text();
    if (!res.ok) {
      printResponse(res, text);
      if (res.status === 404 || res.status === 403)
        console.error(
          `Only ${app} itself can watch its deliveries: sign with its consumer key and secret ` +
            `(SWITCHBOARD_CONSUMER_KEY/SECRET, or '${PROGRAM} login --key ...').`,
        );
      else failOnError(res, text);
      throw new ApiFailure("");
    }
    const { entry } = JSON.parse(text) as { entry: { deliveries: Delivery[] } };
    if (first) {
      console.error(`Watching ${app}'s deliveries (Ctrl-C to stop)...`);
      // What arrived before the tail started is not new.
      since = entry.deliveries[0]?.received ?? new Date(Date.now() - 1000).toISOString();
      first = false;
    } else {
      for (const d of [...entry.deliveries].reverse()) {
        console.log(`${d.received}  ${d.type}  ${d.eventId}  ${d.verification}`);
        console.log(`  ${JSON.stringify(d.event)}`);
        since = d.received;
        if (++shown >= wanted) return;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}

function showConfig(args: string[]) {
  if (parseArgs(args).flags.help) return console.log(HELP.config);
  const config = readConfig();
  console.log(`Configuration: ${configPath()}${fs.existsSync(configPath()) ? "" : " (none yet: run login)"}`);
  console.log(`Server: ${serverUrl(config)}`);
  console.log(`Consumer key: ${process.env.SWITCHBOARD_CONSUMER_KEY || config.consumerKey || "(none)"}`);
  console.log(`User: ${config.login ? `${config.login} (${config.userGuid})` : "(none: requests are two-legged)"}`);
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  try {
    if (!command || command === "help" || command === "--help" || command === "-h") {
      if (!command) throw new UsageError(HELP.main!);
      console.log(HELP[args[0] === "get" || args[0] === "post" ? "request" : (args[0] ?? "main")] ?? HELP.main);
      return 0;
    }
    const lower = command.toLowerCase();
    if (["get", "post", "put", "delete"].includes(lower)) await request(lower.toUpperCase(), args);
    else if (lower === "login") await login(args);
    else if (lower === "upload") await upload(args);
    else if (lower === "download") await download(args);
    else if (lower === "events") await events(args);
    else if (lower === "config") showConfig(args);
    else throw new UsageError(`Unknown command ${command}.\n\n${HELP.main}`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(
        error.message.startsWith("Usage:")
          ? error.message
          : `${error.message}${error.message.includes("Usage:") ? "" : `\nRun '${PROGRAM} --help' for usage.`}`,
      );
      return 2;
    }
    if (error instanceof ApiFailure) {
      if (error.message) console.error(error.message);
      return 1;
    }
    throw error;
  }
}
