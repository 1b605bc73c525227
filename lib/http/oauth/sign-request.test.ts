import { createHash, createHmac } from "node:crypto";
import OAuth from "oauth-1.0a";
import { describe, expect, it } from "vitest";
import { collectRequestParams, parseAuthorizationHeader, parseFormPairs } from "@/lib/http/oauth/params";
import { formBodyString, signRequest } from "@/lib/http/oauth/sign-request";
import { baseStringUri, bodyHash, hmacSha1, safeEqual, signatureBaseString, xoauthBodySignature } from "@/lib/http/oauth/signature";

const consumer = { key: "ck_3f9a", secret: "cs secret/with+symbols" };
const token = { key: "tk_81bd", secret: "ts~secret&more" };

function reference(): OAuth {
  return new OAuth({
    consumer,
    signature_method: "HMAC-SHA1",
    hash_function: (base, key) => createHmac("sha1", key).update(base).digest("base64"),
  });
}

/** Server-side verification with our own functions; returns the recomputed and the sent signature. */
function verify(input: { method: string; url: string; authorization: string; formBody?: string; consumerSecret: string; tokenSecret?: string }) {
  const { all, oauth } = collectRequestParams({
    authorization: input.authorization,
    rawQuery: new URL(input.url).search,
    formBody: input.formBody,
  });
  const baseString = signatureBaseString(input.method, baseStringUri(input.url), all);
  const expected = hmacSha1(baseString, input.consumerSecret, input.tokenSecret);
  return { baseString, expected, oauth, valid: safeEqual(expected, oauth.oauth_signature ?? "") };
}

describe("cross-check: requests signed by oauth-1.0a verify with our functions", () => {
  it("GET with a query string (duplicates, encoded space, UTF-8)", () => {
    const url = "https://api.example.com/rest/1.0/messages?limit=10&q=hello%20w%C3%B6rld&tag=b&tag=a";
    const oauth = reference();
    const data = oauth.authorize({ url, method: "GET" }, token);
    const { Authorization } = oauth.toHeader(data);

    const result = verify({ method: "GET", url, authorization: Authorization, ...secrets() });
    expect(result.oauth.oauth_signature).toBe(data.oauth_signature);
    expect(result.expected).toBe(data.oauth_signature);
    expect(result.valid).toBe(true);
  });

  it("POST with form data sent as URLSearchParams (+ for space)", () => {
    const url = "https://api.example.com/rest/1.0/statuses?dry_run=1";
    const form = { status: "Hello Ladies + Gentlemen, a signed OAuth request! *~", include_entities: "true" };
    const oauth = reference();
    const data = oauth.authorize({ url, method: "POST", data: { ...form } }, token);
    const { Authorization } = oauth.toHeader(data);
    const wireBody = new URLSearchParams(form).toString();
    expect(wireBody).toContain("+%2B+");

    const result = verify({ method: "POST", url, authorization: Authorization, formBody: wireBody, ...secrets() });
    expect(result.expected).toBe(data.oauth_signature);
    expect(result.valid).toBe(true);
  });

  it("POST without a token: our base string equals oauth-1.0a's", () => {
    const url = "https://api.example.com/rest/1.0/oauth/request_token";
    const oauth = reference();
    const data = oauth.authorize({ url, method: "POST", data: { oauth_callback: "oob" } });
    const { oauth_signature: signature, ...unsigned } = data;
    const theirs = reference().getBaseString({ url, method: "POST", data: {} }, { ...unsigned });

    const { Authorization } = oauth.toHeader(data);
    const result = verify({ method: "POST", url, authorization: Authorization, consumerSecret: consumer.secret });
    expect(result.baseString).toBe(theirs);
    expect(result.expected).toBe(signature);
  });

  it("POST with a JSON body and includeBodyHash: signature verifies; its default body hash is an HMAC", () => {
    const url = "https://api.example.com/rest/1.0/messages";
    const body = JSON.stringify({ to: "+15551234567", text: "hé" });
    const oauth = reference();
    const data = oauth.authorize({ url, method: "POST", data: body, includeBodyHash: true }, token);
    const { Authorization } = oauth.toHeader(data);

    // oauth-1.0a defaults body_hash_function to hash_function (HMAC keyed with the signing key),
    // i.e. what we call xoauth_body_signature, not the SHA-1 of the Body Hash extension.
    expect(data.oauth_body_hash).toBe(xoauthBodySignature(body, consumer.secret, token.secret));
    expect(data.oauth_body_hash).not.toBe(bodyHash(body));

    const result = verify({ method: "POST", url, authorization: Authorization, ...secrets() });
    expect(result.oauth.oauth_body_hash).toBe(data.oauth_body_hash);
    expect(result.valid).toBe(true);
  });

  it("with a SHA-1 body_hash_function, oauth-1.0a's oauth_body_hash equals ours", () => {
    const url = "https://api.example.com/rest/1.0/messages";
    const body = '{"text":"Hello World"}';
    const oauth = new OAuth({
      consumer,
      signature_method: "HMAC-SHA1",
      hash_function: (base, key) => createHmac("sha1", key).update(base).digest("base64"),
      body_hash_function: (raw) => createHash("sha1").update(raw).digest("base64"),
    });
    const data = oauth.authorize({ url, method: "POST", data: body, includeBodyHash: true }, token);
    expect(data.oauth_body_hash).toBe(bodyHash(body));
    expect(verify({ method: "POST", url, authorization: oauth.toHeader(data).Authorization, ...secrets() }).valid).toBe(true);
  });

  it("documents a divergence: oauth-1.0a signs a literal + in the query, the RFC decodes it as space", () => {
    const oauth = reference();
    const plusUrl = "https://api.example.com/rest/1.0/search?q=a+b";
    const plus = oauth.authorize({ url: plusUrl, method: "GET" }, token);
    expect(verify({ method: "GET", url: plusUrl, authorization: oauth.toHeader(plus).Authorization, ...secrets() }).valid).toBe(false);

    const spaceUrl = "https://api.example.com/rest/1.0/search?q=a%20b";
    const space = oauth.authorize({ url: spaceUrl, method: "GET" }, token);
    expect(verify({ method: "GET", url: spaceUrl, authorization: oauth.toHeader(space).Authorization, ...secrets() }).valid).toBe(true);
  });
});

describe("cross-check: requests signed by signRequest verify with oauth-1.0a and with our functions", () => {
  it("GET with query parameters", () => {
    const url = "https://api.example.com/rest/1.0/messages?limit=10&q=caf%C3%A9%20*";
    const signed = signRequest({
      method: "get",
      url,
      consumerKey: consumer.key,
      consumerSecret: consumer.secret,
      token: token.key,
      tokenSecret: token.secret,
    });
    const { oauth_signature: signature, ...unsigned } = signed.params;
    const theirs = reference().getSignature({ url, method: "GET", data: {} }, token.secret, { ...unsignedData(unsigned) });
    expect(signature).toBe(theirs);

    const result = verify({ method: "GET", url, authorization: signed.authorization, ...secrets() });
    expect(result.valid).toBe(true);
    expect(result.baseString).toBe(signed.baseString);
  });

  it("POST with a form body", () => {
    const url = "https://api.example.com/rest/1.0/statuses";
    const formBody = { status: "Hello Ladies + Gentlemen!", "a b": "~*'" };
    const signed = signRequest({
      method: "POST",
      url,
      consumerKey: consumer.key,
      consumerSecret: consumer.secret,
      token: token.key,
      tokenSecret: token.secret,
      formBody,
    });
    const { oauth_signature: signature, ...unsigned } = signed.params;
    const theirs = reference().getSignature({ url, method: "POST", data: { ...formBody } }, token.secret, {
      ...unsignedData(unsigned),
    });
    expect(signature).toBe(theirs);

    const wire = formBodyString(formBody);
    expect(wire).toBe("status=Hello%20Ladies%20%2B%20Gentlemen%21&a%20b=~%2A%27");
    expect(verify({ method: "POST", url, authorization: signed.authorization, formBody: wire, ...secrets() }).valid).toBe(true);
    // Tampering with the body breaks the signature.
    expect(verify({ method: "POST", url, authorization: signed.authorization, formBody: "status=Hi", ...secrets() }).valid).toBe(false);
  });
});

describe("signRequest", () => {
  const base = {
    method: "POST",
    url: "https://api.example.com/rest/1.0/messages",
    consumerKey: consumer.key,
    consumerSecret: consumer.secret,
    token: token.key,
    tokenSecret: token.secret,
    timestamp: 1_700_000_000,
    nonce: "n0nce",
  };

  it("builds a header with the protocol parameters, percent-encoded and quoted", () => {
    const signed = signRequest({ ...base, realm: "Photos" });
    expect(signed.authorization).toMatch(/^OAuth realm="Photos", oauth_consumer_key="ck_3f9a", /);
    expect(signed.params).toMatchObject({
      oauth_consumer_key: "ck_3f9a",
      oauth_token: "tk_81bd",
      oauth_signature_method: "HMAC-SHA1",
      oauth_timestamp: "1700000000",
      oauth_nonce: "n0nce",
      oauth_version: "1.0",
    });
    expect(signed.authorization).toContain(`oauth_signature="${encodeURIComponent(signed.params.oauth_signature!)}"`);
    expect(Object.fromEntries(parseAuthorizationHeader(signed.authorization)!)).toEqual(signed.params);
  });

  it("is deterministic for a fixed timestamp and nonce, and random otherwise", () => {
    expect(signRequest(base).authorization).toBe(signRequest(base).authorization);
    const unfixed = { ...base, timestamp: undefined, nonce: undefined };
    const a = signRequest(unfixed).params;
    const b = signRequest(unfixed).params;
    expect(a.oauth_nonce).not.toBe(b.oauth_nonce);
    expect(Math.abs(Number(a.oauth_timestamp) - Date.now() / 1000)).toBeLessThan(5);
  });

  it("omits oauth_token when there is none and signs with an empty token secret", () => {
    const signed = signRequest({ ...base, token: undefined, tokenSecret: undefined });
    expect(signed.params).not.toHaveProperty("oauth_token");
    expect(verify({ method: "POST", url: base.url, authorization: signed.authorization, consumerSecret: consumer.secret }).valid).toBe(true);
  });

  it("adds and signs oauth_body_hash for a raw body by default", () => {
    const body = '{"a":1}';
    const signed = signRequest({ ...base, body });
    // printf '{"a":1}' | openssl dgst -sha1 -binary | base64
    expect(signed.params.oauth_body_hash).toBe("n4nHQM60bXQYySSnisV5QdXpZSA=");
    expect(signed.authorization).toContain('oauth_body_hash="n4nHQM60bXQYySSnisV5QdXpZSA%3D"');
    expect(signed.baseString).toContain("oauth_body_hash%3Dn4nHQM60bXQYySSnisV5QdXpZSA%253D");
    expect(signed.params).not.toHaveProperty("xoauth_body_signature");
    expect(verify({ method: "POST", url: base.url, authorization: signed.authorization, ...secrets() }).valid).toBe(true);
  });

  it("adds and signs xoauth_body_signature when asked", () => {
    const body = '{"a":1}';
    const signed = signRequest({ ...base, body, bodySigning: "xoauth_body_signature" });
    expect(signed.params.xoauth_body_signature).toBe(xoauthBodySignature(body, consumer.secret, token.secret));
    expect(signed.params.xoauth_body_signature_method).toBe("HMAC-SHA1");
    expect(signed.params).not.toHaveProperty("oauth_body_hash");
    const result = verify({ method: "POST", url: base.url, authorization: signed.authorization, ...secrets() });
    expect(result.oauth.xoauth_body_signature).toBe(signed.params.xoauth_body_signature);
    expect(result.baseString).toContain("xoauth_body_signature_method%3DHMAC-SHA1");
    expect(result.valid).toBe(true);
  });

  it("sends and signs extra protocol parameters such as xAuth credentials", () => {
    const signed = signRequest({
      ...base,
      token: undefined,
      tokenSecret: undefined,
      extraOAuthParams: { x_auth_username: "jane doe+x@example.com", x_auth_password: 'p@ss "word"', x_auth_mode: "client_auth" },
    });
    expect(signed.authorization).toContain('x_auth_username="jane%20doe%2Bx%40example.com"');
    expect(signed.authorization).toContain('x_auth_password="p%40ss%20%22word%22"');
    const result = verify({ method: "POST", url: base.url, authorization: signed.authorization, consumerSecret: consumer.secret });
    expect(result.oauth.x_auth_password).toBe('p@ss "word"');
    expect(result.valid).toBe(true);
  });

  it("escapes quotes in realm so the header still parses", () => {
    const signed = signRequest({ ...base, realm: 'a "b" \\c' });
    expect(signed.authorization.startsWith('OAuth realm="a \\"b\\" \\\\c", ')).toBe(true);
    expect(verify({ method: "POST", url: base.url, authorization: signed.authorization, ...secrets() }).valid).toBe(true);
  });

  it("rejects a body together with a form body, and a caller-supplied oauth_signature", () => {
    expect(() => signRequest({ ...base, body: "{}", formBody: { a: "1" } })).toThrow(/either body or formBody/);
    expect(() => signRequest({ ...base, extraOAuthParams: { oauth_signature: "x" } })).toThrow(/oauth_signature/);
  });

  it("formBodyString round-trips through parseFormPairs", () => {
    const form = { "a b": "1+1=2", é: "~*", empty: "" };
    expect(parseFormPairs(formBodyString(form))).toEqual(Object.entries(form));
  });
});

function secrets() {
  return { consumerSecret: consumer.secret, tokenSecret: token.secret };
}

/** oauth-1.0a's Data type wants a numeric timestamp; the string form signs identically. */
function unsignedData(params: Record<string, string>): OAuth.Data {
  return { ...params, oauth_timestamp: Number(params.oauth_timestamp) } as unknown as OAuth.Data;
}
