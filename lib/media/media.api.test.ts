// First: sets this process's environment before the app's modules load (e2e/support/in-process-server.ts).
import { startInProcessServer } from "@/e2e/support/in-process-server";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createLoggedInUser, demoApp, formFields, otherApp, type Credentials } from "@/e2e/support/api-client";
import { specialApps } from "@/e2e/support/fixtures";
import { downloadText, signedFetch, uploadBytes } from "@/e2e/support/media-client";

const server = await startInProcessServer();
afterAll(() => server.stop());
const baseUrl = server.baseUrl;
let run = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${Date.now().toString(36)}-${++run}`;

const as = (creds: Credentials) => (method: string, path: string, json?: unknown) =>
  call(baseUrl, creds, method, path, json === undefined ? {} : { json });
const demo = as(demoApp);

describe("media: every row of the Media table", () => {
  const folder = unique("prompts");
  const base = `/media/demo/${folder}`;

  it("creates, lists and reads a folder", async () => {
    const created = await demo("POST", "/media/demo", { id: folder });
    expect(created.status).toBe(201);
    expect(created.headers.get("location")).toBe(`${baseUrl}/rest/1.0${base}`);
    expect(created.body.entry).toMatchObject({ id: folder, createdWith: "demo:demo-app" });
    expect(created.body.entry.createdBy).toBeUndefined();
    expect((await demo("POST", "/media/demo", { id: folder })).status).toBe(409);

    const list = await demo("GET", `/media/demo?filterBy=id&filterValue=${folder}`);
    expect(list.status).toBe(200);
    expect(list.body.entry.map((f: { id: string }) => f.id)).toEqual([folder]);

    const details = await demo("GET", base);
    expect(details.status).toBe(200);
    expect(details.body.entry).toMatchObject({ id: folder, files: [] });
  });

  it("creates a file, uploads its bytes, replaces them, and serves details or bytes", async () => {
    const created = await demo("POST", base, { id: "welcome.mp3" });
    expect(created.status).toBe(201);
    expect(created.headers.get("location")).toBe(`${baseUrl}/rest/1.0${base}/welcome.mp3`);
    expect(created.body.entry).toMatchObject({ id: `${folder}/welcome.mp3`, size: 0, contentType: "audio/mpeg" });
    expect((await demo("POST", base, { id: "welcome.mp3" })).status).toBe(409);

    const bytes = randomBytes(5000);
    const uploaded = await uploadBytes(baseUrl, demoApp, `${base}/welcome.mp3`, bytes);
    expect(uploaded.status).toBe(201);
    expect(uploaded.headers.get("location")).toBe(`${baseUrl}/rest/1.0${base}/welcome.mp3`);
    expect((await uploaded.json()).entry).toMatchObject({ size: 5000 });

    const details = await demo("GET", `${base}/welcome.mp3`);
    expect(details.body.entry).toMatchObject({ id: `${folder}/welcome.mp3`, size: 5000, createdWith: "demo:demo-app" });
    const listed = await demo("GET", base);
    expect(listed.body.entry.files).toEqual([expect.objectContaining({ id: `${folder}/welcome.mp3`, size: 5000 })]);

    const asks: Array<Record<string, string>> = [
      { "Accept-Type": "application/octet-stream" },
      { Accept: "application/octet-stream" },
      { Accept: "audio/mpeg" },
    ];
    for (const headers of asks) {
      const res = await signedFetch(baseUrl, demoApp, "GET", `${base}/welcome.mp3`, { headers });
      expect(res.status, JSON.stringify(headers)).toBe(200);
      expect(res.headers.get("content-type")).toBe("audio/mpeg");
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    }

    expect((await uploadBytes(baseUrl, demoApp, `${base}/welcome.mp3`, "second version")).status).toBe(201);
    expect((await downloadText(baseUrl, demoApp, `${base}/welcome.mp3`)).text).toBe("second version");
  });

  it("serves a Range (206), a suffix range, 416 past the end, and ETag / If-None-Match (304)", async () => {
    const path = `${base}/text.txt`;
    await demo("POST", base, { id: "text.txt" });
    await uploadBytes(baseUrl, demoApp, path, "0123456789");

    const part = await downloadText(baseUrl, demoApp, path, { Range: "bytes=2-5" });
    expect(part).toMatchObject({ status: 206, text: "2345" });
    expect(part.headers.get("content-range")).toBe("bytes 2-5/10");
    expect(part.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect((await downloadText(baseUrl, demoApp, path, { Range: "bytes=-3" })).text).toBe("789");
    const past = await downloadText(baseUrl, demoApp, path, { Range: "bytes=10-" });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe("bytes */10");

    const whole = await downloadText(baseUrl, demoApp, path);
    const etag = whole.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]{43}"$/);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    const again = await downloadText(baseUrl, demoApp, path, { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe("");
    // A Range for content that changed since (If-Range): the whole new content.
    await uploadBytes(baseUrl, demoApp, path, "abcdefghij");
    expect(await downloadText(baseUrl, demoApp, path, { Range: "bytes=0-1", "If-Range": etag })).toMatchObject({ status: 200, text: "abcdefghij" });
    expect((await downloadText(baseUrl, demoApp, path, { "If-None-Match": etag })).status).toBe(200);
  });

  it("deletes a file (204), then refuses to delete a non-empty folder unless recursive", async () => {
    expect((await demo("DELETE", `${base}/text.txt`)).status).toBe(204);
    expect((await demo("GET", `${base}/text.txt`)).status).toBe(404);
    const refused = await demo("DELETE", base);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/recursive=true/);
    expect((await demo("DELETE", `${base}?recursive=true`)).status).toBe(204);
    expect((await demo("GET", base)).status).toBe(404);
    expect((await demo("GET", `${base}/welcome.mp3`)).status).toBe(404);
  });

  it("refuses names with slashes, . and .., the reserved call: prefix, and a file named acl", async () => {
    for (const id of ["a/b", "..", ".", "back\\slash", "nul\u0000"]) expect((await demo("POST", "/media/demo", { id })).status, id).toBe(400);
    expect((await demo("POST", "/media/demo", { id: "call:123" })).status).toBe(403);
    const name = unique("names");
    await demo("POST", "/media/demo", { id: name });
    expect((await demo("POST", `/media/demo/${name}`, { id: "acl" })).status).toBe(400);
    await demo("DELETE", `/media/demo/${name}`);
  });

  it("refuses a JSON body on the upload path (415) and another domain's media (404)", async () => {
    const name = unique("types");
    await demo("POST", "/media/demo", { id: name });
    await demo("POST", `/media/demo/${name}`, { id: "f.txt" });
    const json = await uploadBytes(baseUrl, demoApp, `/media/demo/${name}/f.txt`, "{}", { headers: { "Content-Type": "application/json" } });
    expect(json.status).toBe(415);
    expect((await demo("GET", "/media/other")).status).toBe(404);
    expect((await call(baseUrl, otherApp, "GET", `/media/demo/${name}`)).status).toBe(404);
    expect((await call(baseUrl, otherApp, "GET", `/media/other/${name}`)).status).toBe(404);
    await demo("DELETE", `/media/demo/${name}?recursive=true`);
  });
});

describe("media: oauth_body_hash over streamed uploads", () => {
  it("accepts a matching hash, refuses a wrong one (401) and keeps the old content; a signed-bodies app needs one", async () => {
    const name = unique("hash");
    const path = `/media/demo/${name}/f.txt`;
    await demo("POST", "/media/demo", { id: name });
    await demo("POST", `/media/demo/${name}`, { id: "f.txt" });
    expect((await uploadBytes(baseUrl, demoApp, path, "signed", { bodyHash: true })).status).toBe(201);
    const wrong = await uploadBytes(baseUrl, demoApp, path, "tampered", { bodyHash: "AAAAAAAAAAAAAAAAAAAAAAAAAAA=" });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toMatch(/body_hash_invalid/);
    expect((await downloadText(baseUrl, demoApp, path)).text).toBe("signed");
    await demo("DELETE", `/media/demo/${name}?recursive=true`);

    const strict = { consumerKey: specialApps.signedBodies.consumerKey, consumerSecret: specialApps.signedBodies.consumerSecret };
    const folder = unique("strict");
    await call(baseUrl, strict, "POST", "/media/other", { json: { id: folder } });
    await call(baseUrl, strict, "POST", `/media/other/${folder}`, { json: { id: "f.txt" } });
    const unsigned = await uploadBytes(baseUrl, strict, `/media/other/${folder}/f.txt`, "x");
    expect(unsigned.status).toBe(401);
    expect(unsigned.headers.get("www-authenticate")).toMatch(/body_hash_missing/);
    expect((await uploadBytes(baseUrl, strict, `/media/other/${folder}/f.txt`, "x", { bodyHash: true })).status).toBe(201);
  });
});

describe("media: access rules with two applications and three users", () => {
  const eventsApp: Credentials = { consumerKey: specialApps.events.consumerKey, consumerSecret: specialApps.events.consumerSecret };
  const appA = "other:other-app";
  const appB = "other:events-app";
  let u1: { guid: string; creds: Credentials };
  let u2: { guid: string; creds: Credentials };
  let u3: { guid: string; creds: Credentials };
  /** u2 logged in through application B. */
  let u2viaB: Credentials;

  beforeAll(async () => {
    u1 = await createLoggedInUser(baseUrl, otherApp);
    const second = await createLoggedInUser(baseUrl, otherApp);
    u2 = second;
    u3 = await createLoggedInUser(baseUrl, eventsApp);
    const login = await call(baseUrl, eventsApp, "POST", "/login", {
      sign: { extraOAuthParams: { x_auth_username: second.login, x_auth_password: second.password } },
    });
    const fields = Object.fromEntries(formFields(login.text));
    u2viaB = { ...eventsApp, token: fields.oauth_token, tokenSecret: fields.oauth_token_secret };
  });

  const canRead = async (creds: Credentials, path: string) => {
    const res = await call(baseUrl, creds, "GET", path);
    expect([200, 404]).toContain(res.status);
    return res.status === 200;
  };
  const newFolder = async (creds: Credentials) => {
    const name = unique("acl");
    expect((await call(baseUrl, creds, "POST", "/media/other", { json: { id: name } })).status).toBe(201);
    return `/media/other/${name}`;
  };

  it("rule 1: with no ACL only the creator (user, or the application two-legged) has access", async () => {
    const byUser = await newFolder(u1.creds);
    expect(await canRead(u1.creds, byUser)).toBe(true);
    expect(await canRead(u2.creds, byUser)).toBe(false);
    expect(await canRead(otherApp, byUser)).toBe(false);
    const listed = await call(baseUrl, u2.creds, "GET", "/media/other?count=100&filterBy=id&filterOp=equals&filterValue=" + byUser.split("/").pop());
    expect(listed.body.totalResults).toBe(0);

    const byApp = await newFolder(otherApp);
    expect(await canRead(otherApp, byApp)).toBe(true);
    expect(await canRead(eventsApp, byApp)).toBe(false);
    expect(await canRead(u1.creds, byApp)).toBe(false);
    // Files too: with no ACL anywhere, only the file's creator.
    await call(baseUrl, u1.creds, "POST", byUser, { json: { id: "mine.txt" } });
    expect(await canRead(u1.creds, `${byUser}/mine.txt`)).toBe(true);
    expect(await canRead(u2.creds, `${byUser}/mine.txt`)).toBe(false);
  });

  it("rule 2: once an ACL is set only the users in it have access; the creator not in it loses access", async () => {
    const folder = await newFolder(u1.creds);
    const put = await call(baseUrl, u1.creds, "PUT", `${folder}/acl`, { json: { readUser: [u2.guid] } });
    expect(put.status).toBe(200);
    expect(put.body.entry).toEqual({ id: folder.split("/").pop(), readUsers: [u2.guid], writeUsers: [], readApps: [], writeApps: [] });
    expect(await canRead(u2.creds, folder)).toBe(true);
    expect(await canRead(u1.creds, folder)).toBe(false);
    expect(await canRead(u3.creds, folder)).toBe(false);
    // Read is not write.
    expect((await call(baseUrl, u2.creds, "POST", folder, { json: { id: "x.txt" } })).status).toBe(403);
    expect((await call(baseUrl, u2.creds, "PUT", `${folder}/acl`, { json: { readUsers: [u2.guid] } })).status).toBe(403);
  });

  it("rule 3: an application in an ACL without users: only its users (and itself); not the domain's other application or its users", async () => {
    const folder = await newFolder(u1.creds);
    expect((await call(baseUrl, u1.creds, "PUT", `${folder}/acl`, { json: { readApps: [appA] } })).status).toBe(200);
    expect(await canRead(u1.creds, folder)).toBe(true);
    expect(await canRead(u2.creds, folder)).toBe(true);
    expect(await canRead(otherApp, folder)).toBe(true);
    expect(await canRead(u3.creds, folder)).toBe(false);
    expect(await canRead(u2viaB, folder)).toBe(false);
    expect(await canRead(eventsApp, folder)).toBe(false);
  });

  it("write includes read; both spellings are read, replies use readUsers/writeUsers/readApps/writeApps; a list left out removes the permission", async () => {
    const folder = await newFolder(u1.creds);
    const put = await call(baseUrl, u1.creds, "PUT", `${folder}/acl`, { json: { writeUser: u2.guid, writeUsers: [u1.guid], readUsers: [u3.guid] } });
    expect(put.body.entry).toMatchObject({ readUsers: [u3.guid], writeUsers: expect.arrayContaining([u1.guid, u2.guid]) });
    expect((await call(baseUrl, u2.creds, "POST", folder, { json: { id: "w.txt" } })).status).toBe(201);
    expect(await canRead(u2.creds, folder)).toBe(true);
    expect((await call(baseUrl, u3.creds, "POST", folder, { json: { id: "r.txt" } })).status).toBe(403);
    const got = await call(baseUrl, u3.creds, "GET", `${folder}/acl`);
    expect(got.body.entry.writeUsers).toHaveLength(2);

    // Removing u2: send the lists without it.
    await call(baseUrl, u1.creds, "PUT", `${folder}/acl`, { json: { writeUsers: [u1.guid], readUsers: [u3.guid] } });
    expect(await canRead(u2.creds, folder)).toBe(false);
    // The GET reply can be sent back as is.
    const back = await call(baseUrl, u1.creds, "PUT", `${folder}/acl`, { json: (await call(baseUrl, u1.creds, "GET", `${folder}/acl`)).body.entry });
    expect(back.status).toBe(200);
    // All lists empty: no ACL, the creator alone again.
    await call(baseUrl, u1.creds, "PUT", `${folder}/acl`, { json: {} });
    expect(await canRead(u3.creds, folder)).toBe(false);
    expect(await canRead(u1.creds, folder)).toBe(true);
  });

  it("a file without an ACL inherits its folder's; its own ACL wins", async () => {
    const folder = await newFolder(u1.creds);
    await call(baseUrl, u1.creds, "POST", folder, { json: { id: "shared.txt" } });
    await call(baseUrl, u1.creds, "POST", folder, { json: { id: "private.txt" } });
    await uploadBytes(baseUrl, u1.creds, `${folder}/shared.txt`, "hello");
    await call(baseUrl, u1.creds, "PUT", `${folder}/private.txt/acl`, { json: { readApps: [appB], writeUsers: [u1.guid] } });
    await call(baseUrl, u1.creds, "PUT", `${folder}/acl`, { json: { readUsers: [u2.guid], writeUsers: [u1.guid] } });

    expect(await canRead(u2.creds, `${folder}/shared.txt`)).toBe(true);
    expect((await downloadText(baseUrl, u2.creds, `${folder}/shared.txt`)).text).toBe("hello");
    expect((await uploadBytes(baseUrl, u2.creds, `${folder}/shared.txt`, "nope")).status).toBe(403);
    expect(await canRead(u3.creds, `${folder}/shared.txt`)).toBe(false);
    // private.txt: its own ACL (application B's users read; u1 writes), not the folder's.
    expect(await canRead(u2.creds, `${folder}/private.txt`)).toBe(false);
    expect(await canRead(u3.creds, `${folder}/private.txt`)).toBe(true);
    expect(await canRead(u1.creds, `${folder}/private.txt`)).toBe(true);
    const files = (await call(baseUrl, u2.creds, "GET", folder)).body.entry.files.map((f: { name: string }) => f.name);
    expect(files).toEqual(["shared.txt"]);
  });

  it("an ACL may only name the domain's users and applications (400)", async () => {
    const folder = await newFolder(u1.creds);
    const foreign = await createLoggedInUser(baseUrl, demoApp);
    const res = await call(baseUrl, u1.creds, "PUT", `${folder}/acl`, { json: { readUsers: [foreign.guid], readApps: ["demo:demo-app"] } });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(["readUsers", "readApps"]);
  });
});

describe("media: signed download URLs", () => {
  it("serves the bytes without OAuth (Range too); a forged token is 404 and an expired one 403", async () => {
    const name = unique("links");
    await demo("POST", "/media/demo", { id: name });
    await demo("POST", `/media/demo/${name}`, { id: "a.mp3" });
    await uploadBytes(baseUrl, demoApp, `/media/demo/${name}/a.mp3`, "mp3-bytes");
    const link = await demo("GET", `/media/demo/${name}/a.mp3/link`);
    expect(link.status).toBe(200);
    const { url, expires } = link.body.entry;
    expect(url).toMatch(new RegExp(`^${baseUrl}/rest/1.0/media-links/`));
    expect(Date.parse(expires) - Date.now()).toBeGreaterThan(3500_000);

    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("audio/mpeg");
    expect(await res.text()).toBe("mp3-bytes");
    const part = await fetch(url, { headers: { Range: "bytes=4-" } });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe("bytes");

    const forged = url.replace(/.$/, (c: string) => (c === "A" ? "B" : "A"));
    expect((await fetch(forged)).status).toBe(404);
    const short = (await demo("GET", `/media/demo/${name}/a.mp3/link?expiresIn=1`)).body.entry.url;
    await new Promise((r) => setTimeout(r, 2100));
    expect((await fetch(short)).status).toBe(403);
    // Only someone who may read the file gets a link.
    expect((await call(baseUrl, otherApp, "GET", `/media/demo/${name}/a.mp3/link`)).status).toBe(404);
  });
});

describe("media: what a browser is told about a served file (issue 27, item 6)", () => {
  it("serves an HTML payload uploaded as .webm with Content-Security-Policy: sandbox and nosniff, directly and by signed URL", async () => {
    const name = unique("sandbox");
    await demo("POST", "/media/demo", { id: name });
    await demo("POST", `/media/demo/${name}`, { id: "v.webm" });
    const html = "<!doctype html><html><body><script>document.title = document.cookie</script></body></html>";
    expect((await uploadBytes(baseUrl, demoApp, `/media/demo/${name}/v.webm`, html)).status).toBe(201);
    const link = (await demo("GET", `/media/demo/${name}/v.webm/link`)).body.entry.url as string;
    const answers = [
      await signedFetch(baseUrl, demoApp, "GET", `/media/demo/${name}/v.webm`, { headers: { "Accept-Type": "application/octet-stream" } }),
      await fetch(link),
      await fetch(link, { headers: { Range: "bytes=0-9" } }),
    ];
    for (const res of answers) {
      expect(res.status).toBeLessThan(300);
      expect(res.headers.get("content-type")).toBe("audio/webm");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      // One header, holding both: no page may frame the file, and the file runs nothing as a page.
      const policy = res.headers.get("content-security-policy") ?? "";
      expect(policy.split(/\s*[;,]\s*/)).toEqual(expect.arrayContaining(["sandbox", "frame-ancestors 'none'"]));
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      await res.arrayBuffer();
    }
  });
});
