import { describe, expect, it } from "vitest";
import { refusePortalPost } from "./post-guard";

const post = (headers: Record<string, string>, body?: BodyInit) =>
  new Request("http://localhost:3000/signin", { method: "POST", headers: { host: "localhost:3000", ...headers }, body });
const form = () => {
  const data = new FormData();
  data.set("email", "a@example.com");
  return data;
};

describe("refusePortalPost", () => {
  it("lets same-origin forms, posts without Origin, and requests that are no server action through", async () => {
    expect(await refusePortalPost(post({ origin: "http://localhost:3000" }, form()))).toBeUndefined();
    expect(await refusePortalPost(post({}, form()))).toBeUndefined();
    expect(await refusePortalPost(post({ origin: "https://evil.example", "content-type": "text/plain" }, "x"))).toBeUndefined();
    expect(
      await refusePortalPost(new Request("http://localhost:3000/signin", { headers: { origin: "https://evil.example", "next-action": "ab" } })),
    ).toBeUndefined();
  });

  it("refuses a form or server action from another origin with 403, including Origin: null and garbage", async () => {
    for (const origin of ["https://evil.example", "null", "http://localhost:3001", "http://localhost.evil.example:3000", "::"]) {
      expect((await refusePortalPost(post({ origin }, form())))?.status, origin).toBe(403);
      expect((await refusePortalPost(post({ origin, "next-action": "ab", "content-type": "text/plain;charset=UTF-8" }, "[]")))?.status, origin).toBe(
        403,
      );
      expect((await refusePortalPost(post({ origin, "content-type": "application/x-www-form-urlencoded" }, "a=1")))?.status, origin).toBe(403);
    }
    expect(await refusePortalPost(post({ origin: "http://proxy.example", "x-forwarded-host": "proxy.example" }, form()))).toBeUndefined();
  });

  it("refuses a multipart post whose body is not multipart with 400", async () => {
    for (const [type, body] of [
      ["multipart/form-data; boundary=x", "not multipart"],
      ["multipart/form-data", "--x\r\n"],
      ["multipart/form-data; boundary=x", "--x\r\nContent-Disposition: form-data\r\n\r\nv"],
    ]) {
      expect((await refusePortalPost(post({ "content-type": type! }, body)))?.status, `${type} ${body}`).toBe(400);
    }
  });

  it("refuses a same-origin server action whose body is not React's encoding of arguments with 400, and lets the encodings through", async () => {
    const action = { origin: "http://localhost:3000", "next-action": "ab" };
    const text = { ...action, "content-type": "text/plain;charset=UTF-8" };
    for (const body of ["", "hello", '{"a":1}', "1"]) expect((await refusePortalPost(post(text, body)))?.status, body).toBe(400);
    expect((await refusePortalPost(post(action, form())))?.status).toBe(400);
    expect(await refusePortalPost(post(text, '["$K1",{"a":1}]'))).toBeUndefined();
    const encoded = form();
    encoded.set("0", '["$K1"]');
    expect(await refusePortalPost(post(action, encoded))).toBeUndefined();
    // A no-JavaScript form post (no Next-Action header) keeps its own fields.
    expect(await refusePortalPost(post({ origin: "http://localhost:3000" }, form()))).toBeUndefined();
  });
});
