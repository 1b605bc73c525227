import { describe, expect, it } from "vitest";
import { holdsSecret, shownResponse } from "./api-console-redact";

const secrets = ["consumer-s3cret", "token-s3cret"];

describe("what the API console shows of a response", () => {
  it("hides every known secret in the body and the shown headers, and token secrets of form replies", async () => {
    const response = new Response(JSON.stringify({ note: "consumer-s3cret and token-s3cret" }), {
      status: 201,
      headers: { "Content-Type": "application/json", Location: "/x?k=consumer-s3cret", "X-Other": "consumer-s3cret" },
    });
    const shown = await shownResponse(response, 12, secrets);
    expect(shown.body).toBe(JSON.stringify({ note: "[hidden] and [hidden]" }, null, 2));
    expect(shown).toMatchObject({ status: 201, format: "json", truncated: false, durationMs: 12 });
    expect(shown.headers).toEqual([
      ["Location", "/x?k=[hidden]"],
      ["Content-Type", "application/json"],
    ]);
    const form = await shownResponse(new Response("oauth_token=t&oauth_token_secret=abc&user_guid=g"), 1, []);
    expect(form).toMatchObject({ body: "oauth_token=t&oauth_token_secret=[hidden]&user_guid=g", format: "text" });
    expect(holdsSecret(shown, secrets)).toBe(false);
  });

  it("cuts a huge body and says so; an empty one is empty", async () => {
    const shown = await shownResponse(new Response("x".repeat(200_001), { headers: { "Content-Type": "text/plain" } }), 1, []);
    expect(shown).toMatchObject({ format: "text", truncated: true });
    expect(shown.body).toHaveLength(200_000);
    expect(await shownResponse(new Response(null, { status: 204 }), 1, [])).toMatchObject({ body: "", format: "empty", truncated: false });
  });

  it("finds a secret anywhere in what would go back to the browser, and ignores an empty one", () => {
    expect(holdsSecret({ request: { url: "/rest/1.0/users?x=token-s3cret" } }, secrets)).toBe(true);
    expect(holdsSecret({ request: { url: "/rest/1.0/users" } }, ["", "token-s3cret"])).toBe(false);
  });
});
