import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import vectors from "@/e2e/vectors/ribbit-js-1.6.1.json";
import { ribbitDecode } from "@/e2e/support/ribbit-decode";
import { signedMediaUrl, tunnelUrl } from "@/e2e/support/legacy-client";
import { legacyBaseString, matchSignature, xoauthBodySignature } from "@/lib/http/oauth/signature";
import { signedParts } from "@/lib/http/oauth/verify-request";
import { javascriptAnswer, jsUnescape, rawQueryValue, signedUrlRequest, tunnelledRequest } from "@/lib/http/rest/json-tunnel";
import { RAW_QUERY_HEADER, rawQueryOf } from "@/lib/http/rest/raw-query";

// Requests captured from the original JavaScript library 1.6.1 itself (a copy of
// ../shared/vectors/ribbit-js-1.6.1.json): the server must rebuild the base string the library signed
// and verify its signature, and the library must read our answers back as the JSON we wrote. The
// captures' timestamps are fixed, so the clock and the nonce store are left out here; the API suite
// (e2e/api/legacy-clients.test.ts) sends the same shapes with fresh ones.

type Vector = (typeof vectors.requests)[number] & { bodyAsSigned?: string; xoauthBodySignature?: string };

/** The request as the server receives it: the real Host, and the query as sent (what scripts/serve.ts passes on). */
function arriving(src: string): Request {
  const url = new URL(src);
  const raw = rawQueryOf(url.pathname + url.search);
  return new Request(url, { headers: { host: url.host, ...(raw ? { [RAW_QUERY_HEADER]: raw } : {}) } });
}

async function asServerReadsIt(inner: Request) {
  const url = new URL(inner.url);
  const rawBody = inner.method === "GET" ? "" : await inner.text();
  return { rawBody, ...signedParts(inner, url, rawBody) };
}

const secrets = (v: { tokenSecret: string }) => [vectors.consumerSecret, v.tokenSecret] as const;

describe("the original library's captured requests", () => {
  it("are the file in ../shared/vectors, when that folder is here", () => {
    const shared = path.resolve(__dirname, "../../../shared/vectors/ribbit-js-1.6.1.json");
    if (!fs.existsSync(shared)) return; // a clean clone in CI has only the copy
    expect(JSON.parse(fs.readFileSync(shared, "utf8"))).toEqual(vectors);
  });

  it.each(vectors.requests.map((v) => [v.name, v as Vector]))("%s: rebuilds the signed base string and verifies", async (_, v) => {
    const { rawBody, collected, baseUri } = await asServerReadsIt(tunnelledRequest(arriving(v.scriptSrc)));
    const method = new URL(v.scriptSrc).searchParams.get("m") ?? "GET";
    expect(legacyBaseString(method, baseUri, collected.legacy.all)).toBe(v.signedBaseString);
    expect(collected.oauth.oauth_signature).toBe(v.oauthSignature);
    // Where no value needs encoding the two base strings are one, and RFC 5849's is tried first.
    expect(matchSignature(method, baseUri, collected, v.oauthSignature, ...secrets(v))).not.toBeNull();
    // A signature of another method or secret does not verify.
    expect(matchSignature(method === "GET" ? "POST" : "GET", baseUri, collected, v.oauthSignature, ...secrets(v))).toBeNull();
    expect(matchSignature(method, baseUri, collected, v.oauthSignature, "other-secret", v.tokenSecret)).toBeNull();
    if (v.xoauthBodySignature !== undefined) {
      expect(rawBody).toBe(v.bodyAsSigned);
      expect(collected.legacy.oauth.xoauth_body_signature).toBe(v.xoauthBodySignature);
      expect(xoauthBodySignature(rawBody, ...secrets(v))).toBe(v.xoauthBodySignature);
    }
  });

  it("verifies the signed media URL of getStreamableUrl as a GET", async () => {
    const { collected, baseUri } = await asServerReadsIt(signedUrlRequest(arriving(vectors.signedMediaUrl.url)));
    expect(baseUri).toBe("http://localhost:3999/rest/1.0/media/probe.example/sounds/greeting.mp3");
    expect(matchSignature("GET", baseUri, collected, collected.oauth.oauth_signature!, vectors.consumerSecret, "access-secret-xyz")).not.toBeNull();
    expect(matchSignature("GET", baseUri, collected, collected.oauth.oauth_signature!, vectors.consumerSecret, "other-secret")).toBeNull();
  });

  it.each(vectors.requests.map((v) => [v.name, v as Vector]))("%s: the test suite's client sends it byte for byte", (_, v) => {
    const src = new URL(v.scriptSrc);
    const param = (name: string) => rawQueryValue(src.search, name);
    const token = v.tokenSecret ? { token: vectors.tokenForTokenRequests, tokenSecret: v.tokenSecret } : {};
    const authorization = /Authorization=(.*)$/.exec(jsUnescape(param("h")!))![1]!;
    const oauthValue = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(authorization)?.[1];
    const xAuth = Object.fromEntries(["x_auth_username", "x_auth_password"].flatMap((n) => (oauthValue(n) ? [[n, oauthValue(n)!]] : [])));
    const query = [...src.search.slice(1).split("&")].filter((p) => !/^[hmbcw]=/.test(p));
    const written = `${src.pathname.replace("/rest/1.0", "")}${query.length ? `?${query.join("&")}` : ""}`;
    const rebuilt = tunnelUrl(
      src.origin,
      { consumerKey: vectors.consumerKey, consumerSecret: vectors.consumerSecret, ...token },
      param("m") ?? "GET",
      written,
      {
        body: param("b") === null ? undefined : jsUnescape(param("b")!),
        extraOAuthParams: xAuth,
        callbackId: param("c")!,
        nonce: oauthValue("oauth_nonce"),
        timestampMs: Number(oauthValue("oauth_timestamp")),
      },
    );
    expect(rebuilt).toBe(v.scriptSrc);
  });

  it("the media URL too", () => {
    const url = new URL(vectors.signedMediaUrl.url);
    const authorization = jsUnescape(rawQueryValue(url.search, "h")!);
    const value = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(authorization)![1]!;
    const creds = {
      consumerKey: vectors.consumerKey,
      consumerSecret: vectors.consumerSecret,
      token: vectors.tokenForTokenRequests,
      tokenSecret: "access-secret-xyz",
    };
    const rebuilt = signedMediaUrl(url.origin, creds, url.pathname.replace("/rest/1.0", ""), {
      nonce: value("oauth_nonce"),
      timestampMs: Number(value("oauth_timestamp")),
    });
    expect(rebuilt).toBe(vectors.signedMediaUrl.url);
  });
});

describe("the library's decoding of an answer's text", () => {
  it.each(vectors.answerTextDecoding.pairs.map((p) => [p.in, p.out]))("the model reproduces %j -> %j", (input, output) => {
    expect(ribbitDecode(input)).toBe(output);
  });

  /** What the application receives: the answer run as a page runs it, the text decoded by the library. */
  function received(answer: string): string {
    const calls: unknown[][] = [];
    vm.runInNewContext(answer, { Ribbit: { marshalJsonpCallback: (...args: unknown[]) => calls.push(args) } });
    expect(calls).toHaveLength(1);
    return ribbitDecode(calls[0]![2] as string);
  }

  it("gives the application back the exact JSON text the server wrote", () => {
    const entry = {
      quote: 'say "hi"',
      amp: "Tom & Jerry &amp; &quot; &eacute; &#34;",
      angle: "<b>1 > 0</b>",
      apostrophe: "it's",
      text: "café ü 中 😀 \u2028",
      script: "</script><script>alert(1)</script><!--",
      backslash: "a\\\\b\n",
    };
    const json = JSON.stringify({ entry });
    const text = received(javascriptAnswer("4", 200, json, null));
    expect(text).toBe(json);
    expect(JSON.parse(text)).toEqual({ entry });
  });
});
