// A small command-line client for the REST API, signing with the same helper as the tests and the
// portal's API console.
//   npm run api -- GET /users?count=5
//   npm run api -- POST /users '{"login":"alice","password":"secret-pass"}'
//   npm run api -- login alice secret-pass      (prints the token as environment variables)
// The server is SWITCHBOARD_URL, else PUBLIC_URL, else http://localhost:$PORT (as the server itself); credentials
// come from SWITCHBOARD_CONSUMER_KEY,
// SWITCHBOARD_CONSUMER_SECRET and, to act as a user, SWITCHBOARD_TOKEN and SWITCHBOARD_TOKEN_SECRET.
import { signRequest } from "../lib/oauth/sign-request";

const USAGE = `Usage:
  npm run api -- <GET|POST|PUT|DELETE> <path under /rest/1.0> [json body]
  npm run api -- login <login> <password>
Environment: SWITCHBOARD_CONSUMER_KEY, SWITCHBOARD_CONSUMER_SECRET [, SWITCHBOARD_TOKEN, SWITCHBOARD_TOKEN_SECRET]
  and the server: SWITCHBOARD_URL, else PUBLIC_URL, else http://localhost:$PORT (PORT defaults to 3000)`;

/** Where the server is, found the way the server finds its own public address. */
const base = (process.env.SWITCHBOARD_URL || process.env.PUBLIC_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/+$/, "");

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const consumerKey = process.env.SWITCHBOARD_CONSUMER_KEY;
  const consumerSecret = process.env.SWITCHBOARD_CONSUMER_SECRET;
  if (!command) fail("Missing the method.");
  if (!consumerKey || !consumerSecret) fail("Set SWITCHBOARD_CONSUMER_KEY and SWITCHBOARD_CONSUMER_SECRET (the portal shows them).");

  if (command === "login") {
    const [login, password] = rest;
    if (!login || !password) fail("login needs a login and a password.");
    const url = `${base}/rest/1.0/login`;
    const { authorization } = signRequest({ method: "POST", url, consumerKey, consumerSecret, extraOAuthParams: { x_auth_username: login, x_auth_password: password } });
    const res = await fetch(url, { method: "POST", headers: { Authorization: authorization } });
    const text = await res.text();
    if (!res.ok) {
      console.error(`${res.status} ${text}`);
      process.exit(1);
    }
    const reply = new URLSearchParams(text);
    console.log(`export SWITCHBOARD_TOKEN=${reply.get("oauth_token")}`);
    console.log(`export SWITCHBOARD_TOKEN_SECRET=${reply.get("oauth_token_secret")}`);
    console.log(`# user guid: ${reply.get("user_guid")}`);
    return;
  }

  const method = command.toUpperCase();
  if (!["GET", "POST", "PUT", "DELETE"].includes(method)) fail(`Unknown method ${command}.`);
  const [path, body] = rest;
  if (!path?.startsWith("/")) fail("The path must start with / (it is relative to /rest/1.0).");
  if (body !== undefined) {
    try {
      JSON.parse(body);
    } catch (error) {
      fail(`The body is not valid JSON: ${(error as Error).message}`);
    }
  }
  const url = `${base}/rest/1.0${path}`;
  const token = process.env.SWITCHBOARD_TOKEN || undefined;
  const { authorization } = signRequest({ method, url, consumerKey, consumerSecret, token, tokenSecret: process.env.SWITCHBOARD_TOKEN_SECRET, body });
  const res = await fetch(url, {
    method,
    headers: { Authorization: authorization, ...(body !== undefined ? { "Content-Type": "application/json" } : {}) },
    body,
    redirect: "manual",
  });
  console.log(`${res.status} ${res.statusText}`);
  for (const name of ["location", "allow", "www-authenticate", "x-request-id"]) {
    const value = res.headers.get(name);
    if (value) console.log(`${name}: ${value}`);
  }
  const text = await res.text();
  if (text) {
    try {
      console.log(JSON.stringify(JSON.parse(text), null, 2));
    } catch {
      console.log(text);
    }
  }
  process.exit(res.ok ? 0 : 1);
}

main().catch((error) => {
  const reason = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message;
  console.error(`Could not reach the server at ${base} (${reason}). Is it running? Point SWITCHBOARD_URL (or PUBLIC_URL / PORT) at it.`);
  process.exit(1);
});
