import { describe, expect, it } from "vitest";
import { thrown } from "@/lib/core/testing/thrown";
import { ApiError } from "@/lib/core/errors/api-error";
import { collectRequestParams, parseAuthorizationHeader, parseFormPairs, parseQueryPairs } from "@/lib/http/oauth/params";

function expectRejected(fn: () => unknown): ApiError {
  const error = thrown(fn);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ code: "bad_request", status: 400, options: { oauthProblem: "parameter_rejected" } });
  return error as ApiError;
}

// RFC 5849 section 3.1 (line breaks as in the RFC).
const RFC_HEADER = `OAuth realm="Example",
               oauth_consumer_key="9djdj82h48djs9d2",
               oauth_token="kkk9d7dh3k39sjv7",
               oauth_signature_method="HMAC-SHA1",
               oauth_timestamp="137131201",
               oauth_nonce="7d8f3e4a",
               oauth_signature="bYT5CMsGcbgUdFHObYMEfcx6bsw%3D"`;

describe("parseAuthorizationHeader", () => {
  it("parses the RFC 5849 example, dropping realm and decoding values", () => {
    expect(parseAuthorizationHeader(RFC_HEADER)).toEqual([
      ["oauth_consumer_key", "9djdj82h48djs9d2"],
      ["oauth_token", "kkk9d7dh3k39sjv7"],
      ["oauth_signature_method", "HMAC-SHA1"],
      ["oauth_timestamp", "137131201"],
      ["oauth_nonce", "7d8f3e4a"],
      ["oauth_signature", "bYT5CMsGcbgUdFHObYMEfcx6bsw="],
    ]);
  });

  it("matches the scheme case-insensitively", () => {
    expect(parseAuthorizationHeader('oauth oauth_nonce="n"')).toEqual([["oauth_nonce", "n"]]);
    expect(parseAuthorizationHeader('OAUTH oauth_nonce="n"')).toEqual([["oauth_nonce", "n"]]);
  });

  it("returns null for other schemes", () => {
    expect(parseAuthorizationHeader("Bearer abc.def")).toBeNull();
    expect(parseAuthorizationHeader("Basic dXNlcjpwYXNz")).toBeNull();
    expect(parseAuthorizationHeader('OAuthish oauth_nonce="n"')).toBeNull();
    expect(parseAuthorizationHeader("")).toBeNull();
  });

  it("returns no parameters for a bare scheme", () => {
    expect(parseAuthorizationHeader("OAuth")).toEqual([]);
    expect(parseAuthorizationHeader("OAuth   ")).toEqual([]);
  });

  it("tolerates extra whitespace, empty list elements and a trailing comma", () => {
    expect(parseAuthorizationHeader('  OAuth ,a = "1" ,,\tb="2",  c="" ,')).toEqual([
      ["a", "1"],
      ["b", "2"],
      ["c", ""],
    ]);
  });

  it("accepts unquoted token values", () => {
    expect(parseAuthorizationHeader('OAuth oauth_version=1.0, oauth_nonce="x"')).toEqual([
      ["oauth_version", "1.0"],
      ["oauth_nonce", "x"],
    ]);
  });

  it("percent-decodes names and values, keeping + literal", () => {
    expect(parseAuthorizationHeader('OAuth x_auth_username="jane%20doe+x%40example.com", a%2Ab="%E2%98%83"')).toEqual([
      ["x_auth_username", "jane doe+x@example.com"],
      ["a*b", "☃"],
    ]);
  });

  it("neither decodes nor returns realm, whatever it contains", () => {
    expect(parseAuthorizationHeader('OAuth Realm="100% \\"quoted\\", ok", oauth_nonce="n"')).toEqual([["oauth_nonce", "n"]]);
  });

  it.each([
    ['OAuth oauth_nonce="abc', "unterminated quote"],
    ['OAuth oauth_nonce"abc"', "missing ="],
    ['OAuth ="abc"', "missing name"],
    ['OAuth a="1" b="2"', "missing comma"],
    ['OAuth oauth_nonce="%zz"', "bad escape"],
  ])("rejects %j (%s)", (header) => {
    expectRejected(() => parseAuthorizationHeader(header));
  });
});

describe("parseQueryPairs and parseFormPairs", () => {
  it("decodes the RFC 5849 3.4.1.3.1 query example", () => {
    expect(parseQueryPairs("?b5=%3D%253D&a3=a&c%40=&a2=r%20b")).toEqual([
      ["b5", "=%3D"],
      ["a3", "a"],
      ["c@", ""],
      ["a2", "r b"],
    ]);
    expect(parseQueryPairs("b5=%3D%253D")).toEqual([["b5", "=%3D"]]);
  });

  it("decodes the RFC 5849 form body example, + being a space", () => {
    expect(parseFormPairs("c2&a3=2+q")).toEqual([
      ["c2", ""],
      ["a3", "2 q"],
    ]);
  });

  it("keeps duplicates in order and skips empty segments", () => {
    expect(parseQueryPairs("a=1&&b=2&a=0&a=1&")).toEqual([
      ["a", "1"],
      ["b", "2"],
      ["a", "0"],
      ["a", "1"],
    ]);
    expect(parseQueryPairs("")).toEqual([]);
    expect(parseQueryPairs("?")).toEqual([]);
  });

  it("splits on the first = only", () => {
    expect(parseFormPairs("a==b=c")).toEqual([["a", "=b=c"]]);
  });

  it("rejects malformed escapes", () => {
    expectRejected(() => parseQueryPairs("a=%E0%A4%A"));
  });
});

describe("collectRequestParams", () => {
  it("collects the RFC 5849 3.4.1.3.1 parameters from all three sources", () => {
    const { all, oauth } = collectRequestParams({
      authorization: RFC_HEADER,
      rawQuery: "?b5=%3D%253D&a3=a&c%40=&a2=r%20b",
      formBody: "c2&a3=2+q",
    });
    const rfcTable: Array<[string, string]> = [
      ["b5", "=%3D"],
      ["a3", "a"],
      ["c@", ""],
      ["a2", "r b"],
      ["oauth_consumer_key", "9djdj82h48djs9d2"],
      ["oauth_token", "kkk9d7dh3k39sjv7"],
      ["oauth_signature_method", "HMAC-SHA1"],
      ["oauth_timestamp", "137131201"],
      ["oauth_nonce", "7d8f3e4a"],
      ["c2", ""],
      ["a3", "2 q"],
    ];
    expect([...all].sort()).toEqual([...rfcTable].sort());
    expect(all.map(([name]) => name)).not.toContain("oauth_signature");
    expect(all.map(([name]) => name)).not.toContain("realm");
    expect(oauth).toEqual({
      oauth_consumer_key: "9djdj82h48djs9d2",
      oauth_token: "kkk9d7dh3k39sjv7",
      oauth_signature_method: "HMAC-SHA1",
      oauth_timestamp: "137131201",
      oauth_nonce: "7d8f3e4a",
      oauth_signature: "bYT5CMsGcbgUdFHObYMEfcx6bsw=",
    });
  });

  it("maps oauth_*, xoauth_* and x_auth_* parameters but not look-alikes", () => {
    const { all, oauth } = collectRequestParams({
      rawQuery: "oauth_nonce=n&oauthx=1&xoauth_body_signature=s&x_auth_mode=client_auth&x=2",
      formBody: "x_auth_password=p%20w",
    });
    expect(oauth).toEqual({
      oauth_nonce: "n",
      xoauth_body_signature: "s",
      x_auth_mode: "client_auth",
      x_auth_password: "p w",
    });
    expect(all).toHaveLength(6);
  });

  it("ignores an Authorization header with another scheme", () => {
    const { all, oauth } = collectRequestParams({ authorization: "Bearer t", rawQuery: "a=1", formBody: null });
    expect(all).toEqual([["a", "1"]]);
    expect(oauth).toEqual({});
  });

  it("allows duplicate non-OAuth parameters", () => {
    const { all } = collectRequestParams({ rawQuery: "a=1&a=2", formBody: "a=3" });
    expect(all).toEqual([
      ["a", "1"],
      ["a", "2"],
      ["a", "3"],
    ]);
  });

  it("rejects an OAuth parameter repeated in the header", () => {
    const error = expectRejected(() => collectRequestParams({ authorization: 'OAuth oauth_nonce="a", oauth_nonce="b"', rawQuery: "" }));
    expect(error.message).toContain('"oauth_nonce"');
    expect(error.message).toContain("twice in the Authorization header");
    expect(error.options.extra).toEqual({ parameter: "oauth_nonce" });
  });

  it("rejects an OAuth parameter sent in both the header and the query", () => {
    const error = expectRejected(() => collectRequestParams({ authorization: 'OAuth oauth_token="a"', rawQuery: "?oauth_token=a" }));
    expect(error.message).toContain('"oauth_token"');
    expect(error.message).toContain("Authorization header and the query string");
  });

  it("rejects an OAuth parameter sent in both the query and the form body", () => {
    const error = expectRejected(() => collectRequestParams({ rawQuery: "oauth_signature=a", formBody: "oauth_signature=b" }));
    expect(error.message).toContain("query string and the form body");
  });

  it("rejects a repeated x_auth_* parameter too", () => {
    expectRejected(() => collectRequestParams({ rawQuery: "x_auth_username=a&x_auth_username=b" }));
  });
});
