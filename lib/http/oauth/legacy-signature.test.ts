import { describe, expect, it } from "vitest";
import { asWrittenInUrl, collectRequestParams, type ParamPair } from "./params";
import { signLegacyRequest, signRequest } from "./sign-request";
import { baseStringUri, hmacSha1, legacyBaseString, matchSignature, signatureBaseString } from "./signature";

// The original client libraries' base string (values as sent, the joined string encoded once),
// accepted beside RFC 5849's and nothing looser.

const consumer = { consumerKey: "ck_legacy", consumerSecret: "cs_legacy_secret" };
const tricky = "a:b/c+d e@f.com";

/** What the server sees of a request to `writtenUrl` (the URL parser escapes the space) with this header. */
function received(writtenUrl: string, authorization: string) {
  const url = new URL(writtenUrl);
  const collected = collectRequestParams({ authorization, rawQuery: url.search });
  return { url, collected, signature: collected.oauth.oauth_signature! };
}

const match = (method: string, r: ReturnType<typeof received>, signature = r.signature) =>
  matchSignature(method, baseStringUri(r.url), r.collected, signature, consumer.consumerSecret);

describe("the legacy base string", () => {
  it("joins name=value with raw values, sorted by name, and encodes the joined string once", () => {
    const pairs: ParamPair[] = [
      ["q", "a b%40c"],
      ["oauth_consumer_key", "ck"],
    ];
    expect(legacyBaseString("get", "http://h/rest/1.0/users", pairs)).toBe(
      "GET&http%3A%2F%2Fh%2Frest%2F1.0%2Fusers&oauth_consumer_key%3Dck%26q%3Da%20b%2540c",
    );
  });

  it("takes a query value as the library wrote it: the URL parser's own escapes undone, %40 and %2C kept", () => {
    expect(asWrittenInUrl("a%20b%40c%2Cd%22%27%3C%3E%C3%A9+e:f/g")).toBe("a b%40c%2Cd\"'<>é+e:f/g");
    expect(asWrittenInUrl("bad%FF%20")).toBe("bad%FF ");
  });

  it("accepts x_auth_username with raw : / + space and @ in the header (login)", () => {
    const url = "http://127.0.0.1:3000/rest/1.0/login";
    const { authorization } = signLegacyRequest({
      method: "POST",
      url,
      ...consumer,
      extraOAuthParams: { x_auth_username: tricky, x_auth_password: "p w+d:/@" },
    });
    expect(authorization).toContain(`x_auth_username="${tricky}"`);
    const r = received(url, authorization);
    expect(match("POST", r)).toBe("legacy");
    expect(r.collected.legacy.oauth.x_auth_username).toBe(tricky);
    expect(r.collected.legacy.oauth.x_auth_password).toBe("p w+d:/@");
    expect(Number(r.collected.oauth.oauth_timestamp)).toBeGreaterThan(1e12); // milliseconds
  });

  it("accepts raw : / + space and @ (pre-encoded %40) in a query", () => {
    const url = "http://127.0.0.1:3000/rest/1.0/users?filterBy=login&filterOp=equals&filterValue=a:b/c+d e%40f.com";
    const { authorization } = signLegacyRequest({ method: "GET", url, ...consumer });
    const r = received(url, authorization);
    expect(r.url.search).toBe("?filterBy=login&filterOp=equals&filterValue=a:b/c+d%20e%40f.com");
    expect(match("GET", r)).toBe("legacy");
    expect(match("PUT", r)).toBeNull();
  });

  it("still accepts RFC 5849 signatures of the same requests", () => {
    const url = "http://127.0.0.1:3000/rest/1.0/users?filterValue=a%3Ab%2Fc%2Bd%20e%40f.com";
    const rfc = signRequest({ method: "GET", url, ...consumer, extraOAuthParams: { x_auth_username: tricky } });
    const r = received(url, rfc.authorization);
    expect(match("GET", r)).toBe("rfc");
    expect(r.collected.oauth.x_auth_username).toBe(tricky);
    expect(r.collected.all).toContainEqual(["filterValue", tricky]);
  });

  it("accepts nothing looser: decoded, re-encoded, unsorted or half-encoded variants fail", () => {
    const url = "http://127.0.0.1:3000/rest/1.0/users?filterValue=a:b/c+d e%40f.com";
    const { authorization } = signLegacyRequest({ method: "GET", url, ...consumer });
    const r = received(url, authorization);
    const uri = baseStringUri(r.url);
    const legacyPairs = r.collected.legacy.all;
    const sign = (base: string) => hmacSha1(base, consumer.consumerSecret);
    const joinedRaw = (pairs: readonly ParamPair[]) => pairs.map(([n, v]) => `${n}=${v}`).join("&");
    const variants = {
      // the query value decoded (%40 -> @, + -> space), as a lax server might read it
      decoded: legacyBaseString("GET", uri, r.collected.all),
      // the library's string with the percent-decoded value but "+" kept
      plusKept: legacyBaseString(
        "GET",
        uri,
        legacyPairs.map(([n, v]) => [n, n === "filterValue" ? tricky : v]),
      ),
      // not sorted
      unsorted: ["GET", uri, joinedRaw(legacyPairs)].map(encodeURIComponent).join("&"),
      // the joined string not encoded at all
      unencoded: `GET&${encodeURIComponent(uri)}&${joinedRaw([...legacyPairs].sort())}`,
      // RFC 5849 over the raw values
      rfcOverRaw: signatureBaseString("GET", uri, legacyPairs),
    };
    for (const [name, base] of Object.entries(variants)) {
      expect(match("GET", r, sign(base)), name).toBeNull();
    }
  });
});
