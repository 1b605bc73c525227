import { describe, expect, it } from "vitest";
import { digestAuthorization, digestResponse, parseDigestChallenge } from "./digest";

describe("digest authentication", () => {
  it("computes the response of RFC 2617 section 3.5's example", () => {
    const response = digestResponse({
      username: "Mufasa",
      password: "Circle Of Life",
      realm: "testrealm@host.com",
      method: "GET",
      uri: "/dir/index.html",
      nonce: "dcd98b7102dd2f0e8b11d0f600bfb0c093",
      qop: "auth",
      nc: "00000001",
      cnonce: "0a4f113b",
    });
    expect(response).toBe("6629fae49393a05397450978507c4ef1");
  });

  it("reads a challenge and answers it with the same response", () => {
    const challenge = parseDigestChallenge(
      'Digest realm="testrealm@host.com", qop="auth,auth-int", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", opaque="5ccc069c403ebaf9f0171e9517f40e41"',
    );
    expect(challenge).toEqual({
      realm: "testrealm@host.com",
      nonce: "dcd98b7102dd2f0e8b11d0f600bfb0c093",
      opaque: "5ccc069c403ebaf9f0171e9517f40e41",
      algorithm: undefined,
      qop: ["auth", "auth-int"],
      stale: false,
    });
    const header = digestAuthorization(
      challenge!,
      { username: "Mufasa", password: "Circle Of Life" },
      { method: "GET", uri: "/dir/index.html" },
      1,
      "0a4f113b",
    );
    expect(header).toContain('response="6629fae49393a05397450978507c4ef1"');
    expect(header).toContain('qop=auth, nc=00000001, cnonce="0a4f113b"');
    expect(header).toContain('opaque="5ccc069c403ebaf9f0171e9517f40e41"');
  });

  it("answers a challenge without qop the RFC 2069 way, and refuses what it cannot compute", () => {
    const challenge = parseDigestChallenge('Digest realm="sip.example", nonce="abc", algorithm=MD5')!;
    const header = digestAuthorization(challenge, { username: "u", password: "p" }, { method: "INVITE", uri: "sip:bob@sip.example" });
    expect(header).toContain(
      `response="${digestResponse({ username: "u", password: "p", realm: "sip.example", method: "INVITE", uri: "sip:bob@sip.example", nonce: "abc" })}"`,
    );
    expect(header).not.toContain("qop=");
    expect(parseDigestChallenge('Basic realm="x"')).toBeNull();
    expect(() =>
      digestAuthorization({ ...challenge, algorithm: "SHA-256" }, { username: "u", password: "p" }, { method: "INVITE", uri: "sip:x" }),
    ).toThrow(/SHA-256/);
  });
});
