import { describe, expect, it } from "vitest";
import { thrown } from "@/lib/core/testing/thrown";
import { ApiError } from "@/lib/core/errors/api-error";
import { collectRequestParams } from "@/lib/http/oauth/params";
import {
  baseStringUri,
  bodyHash,
  checkTimestamp,
  hmacSha1,
  normalizeParameters,
  safeEqual,
  signatureBaseString,
  signingKey,
  timestampSeconds,
  xoauthBodySignature,
} from "@/lib/http/oauth/signature";

/** Verifies a request the way the server will: collect, build the base string, compare signatures. */
function verify(method: string, url: string, authorization: string, consumerSecret: string, tokenSecret: string, formBody?: string) {
  const { all, oauth } = collectRequestParams({ authorization, rawQuery: new URL(url).search, formBody });
  const expected = hmacSha1(signatureBaseString(method, baseStringUri(url), all), consumerSecret, tokenSecret);
  return { expected, sent: oauth.oauth_signature };
}

// The request of RFC 5849 sections 3.1 and 3.4.1.1.
const RFC_REQUEST = {
  url: "http://example.com/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b",
  authorization: `OAuth realm="Example",
                    oauth_consumer_key="9djdj82h48djs9d2",
                    oauth_token="kkk9d7dh3k39sjv7",
                    oauth_signature_method="HMAC-SHA1",
                    oauth_timestamp="137131201",
                    oauth_nonce="7d8f3e4a",
                    oauth_signature="bYT5CMsGcbgUdFHObYMEfcx6bsw%3D"`,
  formBody: "c2&a3=2+q",
};

// Copied from RFC 5849 3.4.1.1 and 3.4.1.3.2 with the display line breaks removed.
const RFC_BASE_STRING =
  "POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q" +
  "%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_" +
  "key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_m" +
  "ethod%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk" +
  "9d7dh3k39sjv7";
const RFC_NORMALIZED =
  "a2=r%20b&a3=2%20q&a3=a&b5=%3D%253D&c%40=&c2=&oauth_consumer_key=9dj" +
  "dj82h48djs9d2&oauth_nonce=7d8f3e4a&oauth_signature_method=HMAC-SHA1" +
  "&oauth_timestamp=137131201&oauth_token=kkk9d7dh3k39sjv7";

describe("RFC 5849 test vectors", () => {
  const { all } = collectRequestParams({
    authorization: RFC_REQUEST.authorization,
    rawQuery: new URL(RFC_REQUEST.url).search,
    formBody: RFC_REQUEST.formBody,
  });

  it("3.4.1.3.2: normalizes the parameters exactly as the RFC", () => {
    expect(normalizeParameters(all)).toBe(RFC_NORMALIZED);
  });

  it("3.4.1.1: builds exactly the RFC signature base string", () => {
    expect(signatureBaseString("POST", baseStringUri(RFC_REQUEST.url), all)).toBe(RFC_BASE_STRING);
  });

  it("3.4.1.1: signs it as r6/TJjbCOr97/+UU0NsvSne7s5g= (RFC errata 2550)", () => {
    // The RFC prints bYT5CMsGcbgUdFHObYMEfcx6bsw=, which does not match its own base string; errata 2550
    // corrects it, and `openssl dgst -sha1 -hmac 'j49sk3j29djd&dh893hdasih9'` over the base string agrees.
    expect(hmacSha1(RFC_BASE_STRING, "j49sk3j29djd", "dh893hdasih9")).toBe("r6/TJjbCOr97/+UU0NsvSne7s5g=");
  });

  it("1.2: verifies the temporary credentials request (empty token secret)", () => {
    const { expected, sent } = verify(
      "POST",
      "https://photos.example.net/initiate",
      `OAuth realm="Photos",
        oauth_consumer_key="dpf43f3p2l4k3l03",
        oauth_signature_method="HMAC-SHA1",
        oauth_timestamp="137131200",
        oauth_nonce="wIjqoS",
        oauth_callback="http%3A%2F%2Fprinter.example.com%2Fready",
        oauth_signature="74KNZJeDHnMBp0EMJ9ZHt%2FXKycU%3D"`,
      "kd94hf93k423kf44",
      "",
    );
    expect(sent).toBe("74KNZJeDHnMBp0EMJ9ZHt/XKycU=");
    expect(expected).toBe(sent);
  });

  it("1.2: verifies the token credentials request", () => {
    const { expected, sent } = verify(
      "POST",
      "https://photos.example.net/token",
      `OAuth realm="Photos",
        oauth_consumer_key="dpf43f3p2l4k3l03",
        oauth_token="hh5s93j4hdidpola",
        oauth_signature_method="HMAC-SHA1",
        oauth_timestamp="137131201",
        oauth_nonce="walatlh",
        oauth_verifier="hfdp7dh39dks9884",
        oauth_signature="gKgrFCywp7rO0OXSjdot%2FIHF7IU%3D"`,
      "kd94hf93k423kf44",
      "hdhd0244k9j7ao03",
    );
    expect(sent).toBe("gKgrFCywp7rO0OXSjdot/IHF7IU=");
    expect(expected).toBe(sent);
  });

  it("1.2 / 3.1: verifies the GET /photos?file=vacation.jpg&size=original resource request", () => {
    const { expected, sent } = verify(
      "GET",
      "http://photos.example.net/photos?file=vacation.jpg&size=original",
      `OAuth realm="Photos",
        oauth_consumer_key="dpf43f3p2l4k3l03",
        oauth_token="nnch734d00sl2jdk",
        oauth_signature_method="HMAC-SHA1",
        oauth_timestamp="137131202",
        oauth_nonce="chapoH",
        oauth_signature="MdpQcU8iPSUjWoN%2FUDMsK2sui9I%3D"`,
      "kd94hf93k423kf44",
      "pfkkdhi9sl3r4s00",
    );
    expect(sent).toBe("MdpQcU8iPSUjWoN/UDMsK2sui9I=");
    expect(expected).toBe(sent);
  });
});

describe("baseStringUri", () => {
  it("follows the RFC 5849 3.4.1.2 examples", () => {
    expect(baseStringUri("http://EXAMPLE.COM:80/r%20v/X?id=123")).toBe("http://example.com/r%20v/X");
    expect(baseStringUri("https://www.example.net:8080/?q=1")).toBe("https://www.example.net:8080/");
  });

  it("drops only the default port of the scheme", () => {
    expect(baseStringUri("https://api.example.com:443/a")).toBe("https://api.example.com/a");
    expect(baseStringUri("http://api.example.com:8080/a")).toBe("http://api.example.com:8080/a");
    expect(baseStringUri("http://api.example.com:443/a")).toBe("http://api.example.com:443/a");
    expect(baseStringUri("https://api.example.com:80/a")).toBe("https://api.example.com:80/a");
  });

  it("lowercases scheme and host but keeps the path's case and escapes", () => {
    expect(baseStringUri("HTTPS://Api.Example.COM/Rest/1.0/Users%2Fme#frag")).toBe("https://api.example.com/Rest/1.0/Users%2Fme");
  });

  it("accepts a URL object and uses / for an empty path", () => {
    expect(baseStringUri(new URL("http://example.com?x=1"))).toBe("http://example.com/");
  });

  it("replaces scheme, host and port with publicOrigin", () => {
    const internal = "http://127.0.0.1:3000/rest/1.0/messages?limit=5";
    expect(baseStringUri(internal, "https://api.example.com")).toBe("https://api.example.com/rest/1.0/messages");
    expect(baseStringUri(internal, "http://localhost:3000")).toBe("http://localhost:3000/rest/1.0/messages");
    expect(baseStringUri(internal, "HTTPS://API.Example.com:443/ignored")).toBe("https://api.example.com/rest/1.0/messages");
    expect(baseStringUri("https://api.example.com/x", "http://proxy.internal:8080")).toBe("http://proxy.internal:8080/x");
  });

  it("refuses a non-http publicOrigin", () => {
    expect(() => baseStringUri("http://example.com/", "ftp://example.com")).toThrow(/http or https/);
  });
});

describe("normalizeParameters and signatureBaseString", () => {
  it("sorts by encoded name (byte order) then encoded value", () => {
    const pairs: Array<[string, string]> = [
      ["z", "1"],
      ["é", "2"],
      ["a", "b"],
      ["a", "B"],
      ["a", "a b"],
      ["B", "x"],
    ];
    // "%C3%A9" sorts before "z" although "é" > "z"; uppercase sorts before lowercase.
    expect(normalizeParameters(pairs)).toBe("%C3%A9=2&B=x&a=B&a=a%20b&a=b&z=1");
  });

  it("keeps empty values as name=", () => {
    expect(normalizeParameters([["a", ""]])).toBe("a=");
    expect(normalizeParameters([])).toBe("");
  });

  it("uppercases the method", () => {
    expect(signatureBaseString("get", "http://example.com/", [["a", "1"]])).toBe("GET&http%3A%2F%2Fexample.com%2F&a%3D1");
  });
});

describe("HMAC-SHA1 and body signing", () => {
  it("encodes both secrets in the signing key and keeps the & when the token secret is empty", () => {
    expect(signingKey("a b", "c&d")).toBe("a%20b&c%26d");
    expect(signingKey("kd94hf93k423kf44")).toBe("kd94hf93k423kf44&");
  });

  it("signs differently when the token secret changes", () => {
    expect(hmacSha1(RFC_BASE_STRING, "j49sk3j29djd", "other")).not.toBe("r6/TJjbCOr97/+UU0NsvSne7s5g=");
  });

  it("computes oauth_body_hash as base64 SHA-1 of the raw bytes", () => {
    // Expected values from `printf '...' | openssl dgst -sha1 -binary | base64`.
    expect(bodyHash("Hello World")).toBe("Ck1VqNd45QIvq3AZd8XYQLvEhtA=");
    expect(bodyHash(new TextEncoder().encode("Hello World"))).toBe("Ck1VqNd45QIvq3AZd8XYQLvEhtA=");
    expect(bodyHash("")).toBe("2jmj7l5rSw0yVb/vlWAYkK/YBwk=");
    expect(bodyHash("héllo ☃")).toBe("eqMzmTcvGAFd2l4Ld1GDZtZLhis=");
  });

  it("computes xoauth_body_signature as HMAC-SHA1 of the body with the encoded signing key", () => {
    // `printf '{"a":1}' | openssl dgst -sha1 -hmac 'cs%20x&ts' -binary | base64`
    expect(xoauthBodySignature('{"a":1}', "cs x", "ts")).toBe("ZbZnRgI//u2IjA1bg7ea66N0bNc=");
    expect(xoauthBodySignature('{"a":2}', "cs x", "ts")).not.toBe("ZbZnRgI//u2IjA1bg7ea66N0bNc=");
  });
});

describe("safeEqual", () => {
  it("is true only for identical strings", () => {
    expect(safeEqual("MdpQcU8iPSUjWoN/UDMsK2sui9I=", "MdpQcU8iPSUjWoN/UDMsK2sui9I=")).toBe(true);
    expect(safeEqual("", "")).toBe(true);
    expect(safeEqual("MdpQcU8iPSUjWoN/UDMsK2sui9I=", "MdpQcU8iPSUjWoN/UDMsK2sui9J=")).toBe(false);
    expect(safeEqual("abc", "abcd")).toBe(false);
    expect(safeEqual("abc", "")).toBe(false);
  });
});

describe("timestamps", () => {
  it("parses seconds", () => {
    expect(timestampSeconds("137131201")).toBe(137131201);
    expect(timestampSeconds("1700000000")).toBe(1700000000);
  });

  it("converts millisecond timestamps (above 10^11) to seconds", () => {
    expect(timestampSeconds("1700000000999")).toBe(1700000000);
    expect(timestampSeconds("100000000000")).toBe(100000000000);
    expect(timestampSeconds("100000000001")).toBe(100000000);
  });

  it.each(["", "abc", "-5", "+5", "1.5", "1e9", " 123", "123 ", "0x10", "99999999999999999"])("rejects %j", (raw) => {
    const error = thrown(() => timestampSeconds(raw));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: "bad_request", options: { oauthProblem: "parameter_rejected" } });
  });

  it("accepts timestamps within the window, edges included", () => {
    const now = 1_700_000_000;
    expect(() => checkTimestamp(now, now)).not.toThrow();
    expect(() => checkTimestamp(now - 600, now)).not.toThrow();
    expect(() => checkTimestamp(now + 600, now + 0.9)).not.toThrow();
  });

  it.each([-601, 601, -86_400])("refuses a timestamp %i seconds off and reports the acceptable range", (offset) => {
    const now = 1_700_000_000;
    const error = thrown(() => checkTimestamp(now + offset, now));
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.code).toBe("unauthorized");
    expect(apiError.status).toBe(401);
    expect(apiError.message).toMatch(/clock/i);
    expect(apiError.options.oauthProblem).toBe("timestamp_refused");
    expect(apiError.options.oauthParams).toEqual({ oauth_acceptable_timestamps: "1699999400-1700000600" });
  });

  it("honours a custom window", () => {
    const error = thrown(() => checkTimestamp(100, 131, 30)) as ApiError;
    expect(error.options.oauthParams).toEqual({ oauth_acceptable_timestamps: "101-161" });
    expect(() => checkTimestamp(101, 131, 30)).not.toThrow();
  });

  it("accepts a millisecond timestamp once converted", () => {
    const now = 1_700_000_000;
    expect(() => checkTimestamp(timestampSeconds(String(now * 1000 + 250)), now)).not.toThrow();
  });
});
