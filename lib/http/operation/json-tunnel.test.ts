import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ribbitDecode } from "@/e2e/support/ribbit-decode";
import { defineContract } from "@/lib/http/rest/contract";
import {
  htmlEntityEscape,
  isSignedUrl,
  isSignedUrlRequest,
  isTunnelled,
  jsEscape,
  javascriptAnswer,
  jsUnescape,
  parseCallbackId,
  parseTunnelHeaders,
  signedUrlRequest,
  tunnelledRequest,
  withoutTunnelParameters,
} from "@/lib/http/rest/json-tunnel";
import { operation } from "@/lib/http/operation/operation";
import { anyMethod, restRoute } from "@/lib/http/operation/route";

/** Runs an answer the way a browser would, and returns what reached the library's callback. */
function runAnswer(script: string) {
  const calls: unknown[][] = [];
  vm.runInNewContext(script, { Ribbit: { marshalJsonpCallback: (...args: unknown[]) => calls.push(args) } });
  expect(calls).toHaveLength(1);
  return calls[0]!;
}

describe("the h parser", () => {
  const authorization = 'OAuth realm="http://oauth.ribbit.com",oauth_consumer_key="ck",oauth_signature="ab+c/d=",x_auth_username="a@b.com"';

  it("undoes escape() and splits each pair at its first =, keeping = and , inside values", () => {
    const h = jsEscape(`Authorization=${authorization}|Host=example.com|Accept=application/json|Content-type=application/json`);
    expect(parseTunnelHeaders(h)).toEqual([
      ["Authorization", authorization],
      ["Host", "example.com"],
      ["Accept", "application/json"],
      ["Content-type", "application/json"],
    ]);
  });

  it("decodes %uXXXX and Latin-1 %XX as escape() wrote them, and leaves + alone", () => {
    expect(jsUnescape(jsEscape("é € a+b 😀"))).toBe("é € a+b 😀");
    expect(parseTunnelHeaders(jsEscape("X-Service-SP-UserId=é|Accept=a+b"))).toEqual([
      ["X-Service-SP-UserId", "é"],
      ["Accept", "a+b"],
    ]);
  });

  it("keeps repeated headers in order but refuses two Authorization headers", () => {
    expect(parseTunnelHeaders(jsEscape("Accept=a|Accept=b"))).toEqual([
      ["Accept", "a"],
      ["Accept", "b"],
    ]);
    expect(() => parseTunnelHeaders(jsEscape("Authorization=OAuth a=1|authorization=OAuth b=2"))).toThrow(/more than once/);
  });

  it("accepts a list without Authorization (the request is then refused as unsigned, not here)", () => {
    expect(parseTunnelHeaders(jsEscape("Accept=application/json|"))).toEqual([["Accept", "application/json"]]);
    expect(parseTunnelHeaders("")).toEqual([]);
  });

  it("refuses a pair without =, a bad header name, or a line break in a value", () => {
    expect(() => parseTunnelHeaders(jsEscape("Accept"))).toThrow(/is not a header/);
    expect(() => parseTunnelHeaders(jsEscape("Bad Name=x"))).toThrow(/is not a header/);
    expect(() => parseTunnelHeaders(jsEscape("Accept=a\r\nX-Evil: 1"))).toThrow(/line break/);
  });
});

describe("the callback id", () => {
  it("accepts digits and identifiers only", () => {
    expect(parseCallbackId("12")).toBe("12");
    expect(parseCallbackId("cb_1")).toBe("cb_1");
    for (const bad of [null, "", "1);alert(1", "a.b", "</script>", "1".repeat(16), "x".repeat(65)]) {
      expect(() => parseCallbackId(bad)).toThrow(/callback id/);
    }
  });
});

describe("the JavaScript answer", () => {
  it("calls marshalJsonpCallback with the id, status, entity-escaped text and Location", () => {
    const [id, status, text, location] = runAnswer(javascriptAnswer("3", 201, '{"entry":{"a":"b"}}', "http://x/rest/1.0/users/1"));
    expect([id, status, location]).toEqual([3, 201, "http://x/rest/1.0/users/1"]);
    expect(text).toBe('{"entry":{"a":"b"}}');
    expect(ribbitDecode(text as string)).toBe('{"entry":{"a":"b"}}');
    expect(runAnswer(javascriptAnswer("cb", 404, "", null))).toEqual(["cb", 404, "", null]);
  });

  it("cannot be broken out of: </script>, quotes, backslashes, newlines, U+2028/2029", () => {
    const nasty = `</script><script>alert(1)</script>"');alert(2);//\\\n\r\u2028\u2029<!--`;
    const script = javascriptAnswer("1", 200, nasty, `http://x/"</script>`);
    expect(script).not.toMatch(/<\/script|<!--|[\u2028\u2029\n\r](?!$)/i);
    expect(script.split("\n")).toHaveLength(2); // one statement, one trailing newline
    const [, , text, location] = runAnswer(script);
    expect(ribbitDecode(text as string)).toBe(nasty);
    expect(location).toBe(`http://x/"</script>`);
  });

  it("writes non-ASCII as \\u escapes, so the page's charset does not matter", () => {
    const script = javascriptAnswer("1", 200, "Zoë 東京 😀", null);
    expect(script).toMatch(/^[\x20-\x7e\n]*$/);
    expect(ribbitDecode(runAnswer(script)[2] as string)).toBe("Zoë 東京 😀");
  });

  it("writes & < > as the named entities the library decodes, and leaves quotes alone", () => {
    expect(htmlEntityEscape(`<a href="x">'&'</a>`)).toBe(`&lt;a href="x"&gt;'&amp;'&lt;/a&gt;`);
  });
});

describe("signed URLs (h without w=JS)", () => {
  const h = jsEscape('Authorization=OAuth oauth_signature="a+b="|Host=127.0.0.1');
  it("is a GET with h and no w=JS, run as the GET its h describes, Range kept", () => {
    const outer = new Request(`http://127.0.0.1:3000/rest/1.0/media/demo/f/a.mp3?h=${h}`, { headers: { Range: "bytes=0-" } });
    expect(isSignedUrlRequest(outer)).toBe(true);
    expect(isSignedUrlRequest(new Request(`${outer.url}&c=1&w=JS`))).toBe(false);
    expect(isSignedUrlRequest(new Request(outer.url, { method: "POST" }))).toBe(false);
    const inner = signedUrlRequest(outer);
    expect([inner.method, inner.url]).toEqual(["GET", "http://127.0.0.1:3000/rest/1.0/media/demo/f/a.mp3"]);
    expect(inner.headers.get("authorization")).toBe('OAuth oauth_signature="a+b="');
    expect(inner.headers.get("range")).toBe("bytes=0-");
    expect(isSignedUrl(inner) && isTunnelled(inner)).toBe(true);
    expect(isSignedUrl(outer)).toBe(false);
    expect(isSignedUrl(tunnelledRequest(new Request(`${outer.url}&c=1&w=JS`)))).toBe(false);
  });

  it("refuses m and b: it is only a GET", () => {
    for (const extra of ["&m=DELETE", "&b=x"]) {
      expect(() => signedUrlRequest(new Request(`http://127.0.0.1:3000/rest/1.0/media/demo/f/a.mp3?h=${h}${extra}`))).toThrow(/is a GET/);
    }
  });
});

describe("the tunnelled request", () => {
  it("is the request the GET describes, without h/m/b/c/w and with every other byte as sent", async () => {
    const h = jsEscape('Authorization=OAuth oauth_consumer_key="ck"|Content-type=application/json|Host=evil.example|X-Forwarded-For=6.6.6.6');
    const b = jsEscape('{"firstName":"Zoë & co"}');
    const outer = new Request(`http://127.0.0.1:3000/rest/1.0/users/1?filterValue=a%40b.com&q=a+b&h=${h}&m=put&b=${b}&c=7&w=JS`, {
      headers: { "X-Forwarded-For": "127.0.0.1" },
    });
    const inner = tunnelledRequest(outer);
    expect(inner.method).toBe("PUT");
    expect(inner.url).toBe("http://127.0.0.1:3000/rest/1.0/users/1?filterValue=a%40b.com&q=a+b");
    expect(inner.headers.get("authorization")).toBe('OAuth oauth_consumer_key="ck"');
    expect(inner.headers.get("content-type")).toBe("application/json");
    expect(inner.headers.get("x-forwarded-for")).toBe("127.0.0.1"); // h cannot set it
    expect(await inner.text()).toBe('{"firstName":"Zoë & co"}');
    expect(isTunnelled(inner)).toBe(true);
    expect(isTunnelled(outer)).toBe(false);
  });

  it("reads h and b as sent (x-raw-query), not as Next.js re-serializes them (%20 -> +)", async () => {
    const h = jsEscape('Authorization=OAuth oauth_signature="a+b"|Content-type=application/json');
    const b = jsEscape('{"a":"x y+z"}');
    const sent = `?q=a%20b:c&h=${h}&m=POST&b=${b}&c=1&w=JS`;
    const nextUrl = new URL(`http://x/rest/1.0/users${sent}`);
    nextUrl.search = new URLSearchParams(nextUrl.searchParams).toString(); // what route handlers see
    const inner = tunnelledRequest(new Request(nextUrl, { headers: { "x-raw-query": sent } }));
    expect(inner.headers.get("authorization")).toBe('OAuth oauth_signature="a+b"');
    expect(await inner.text()).toBe('{"a":"x y+z"}');
    expect(inner.headers.get("x-raw-query")).toBe("?q=a%20b:c");
    expect(new URL(inner.url).searchParams.get("q")).toBe("a b:c");
  });

  it("drops only whole tunnel parameters", () => {
    expect(withoutTunnelParameters("?hh=1&h=2&w=JS&wx=3&c")).toBe("?hh=1&wx=3");
    expect(withoutTunnelParameters("?h=1&w=JS")).toBe("");
  });

  it("refuses a method the tunnel does not carry", () => {
    expect(() => tunnelledRequest(new Request("http://x/rest/1.0/a?m=TRACE&c=1&w=JS"))).toThrow(/The tunnel carries/);
  });
});

describe("dispatch through restRoute and anyMethod", () => {
  const base = { tag: "Test", summary: "test", auth: "none", path: "/things" } as const;
  const thing = z.object({ id: z.number() });
  const route = restRoute(
    operation(
      defineContract({ ...base, operationId: "getThing", method: "GET", success: { status: 200, description: "", entry: thing } }),
      async () => ({ id: 1 }),
    ),
    operation(
      defineContract({
        ...base,
        operationId: "createThing",
        method: "POST",
        body: z.strictObject({ id: z.number() }),
        success: { status: 201, description: "", entry: thing },
        location: "/things/{id}",
      }),
      async (_ctx, { body }) => body,
    ),
  );
  const tunnel = (query: string) => route.GET(new Request(`http://127.0.0.1/rest/1.0/things?${query}&w=JS`));

  it("runs a tunnelled POST as a POST: 201 and Location reach the callback", async () => {
    const res = await tunnel(`m=POST&b=${jsEscape('{"id":5}')}&h=${jsEscape("Content-type=application/json")}&c=4`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const [id, status, text, location] = runAnswer(await res.text());
    expect([id, status]).toEqual([4, 201]);
    expect(location).toMatch(/\/rest\/1\.0\/things\/5$/);
    expect(JSON.parse(ribbitDecode(text as string))).toEqual({ entry: { id: 5 } });
  });

  it("answers a 405 and a validation error as the problem's detail", async () => {
    const [, status, text] = runAnswer(await (await tunnel("m=DELETE&c=1")).text());
    expect(status).toBe(405);
    expect(text).toBe("DELETE is not allowed here. Allowed methods: GET, HEAD, POST, OPTIONS.");
    const [, badStatus, badText] = runAnswer(
      await (await tunnel(`m=POST&b=${jsEscape("{")}&h=${jsEscape("Content-type=application/json")}&c=1`)).text(),
    );
    expect(badStatus).toBe(400);
    expect(badText).toMatch(/^The body is not valid JSON/);
  });

  it("answers a bad callback id as a plain problem, never as JavaScript", async () => {
    const res = await tunnel("c=alert(1)");
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
  });

  it("leaves a GET without w=JS, and HEAD, alone", async () => {
    const res = await route.GET(new Request("http://127.0.0.1/rest/1.0/things?c=1"));
    expect(await res.json()).toEqual({ entry: { id: 1 } });
    expect((await route.HEAD(new Request("http://127.0.0.1/rest/1.0/things?w=JS&c=1", { method: "HEAD" }))).headers.get("content-type")).toMatch(
      /json/,
    );
  });

  it("tunnels the catch-all's 404", async () => {
    const catchAll = anyMethod(
      async () =>
        new Response(JSON.stringify({ detail: "No resource matches /x." }), { status: 404, headers: { "Content-Type": "application/problem+json" } }),
    );
    const [, status, text] = runAnswer(await (await catchAll.GET(new Request("http://127.0.0.1/rest/1.0/x?m=PUT&c=9&w=JS"))).text());
    expect([status, text]).toEqual([404, "No resource matches /x."]);
  });
});
