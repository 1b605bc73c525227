// First: sets this process's environment before the app's modules load (e2e/support/in-process-server.ts).
import { startInProcessServer } from "@/e2e/support/in-process-server";
import { randomInt, randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { client, createLoggedInUser, otherApp, type ApiResponse } from "@/e2e/support/api-client";
import { downloadText } from "@/e2e/support/media-client";

const server = await startInProcessServer();
afterAll(() => server.stop());
const baseUrl = server.baseUrl;
const app = client(baseUrl);
const other = client(baseUrl, otherApp);

/** A user of the demo domain with its own token and an SMS number (tel: form). */
async function userWithSmsNumber() {
  const user = await createLoggedInUser(baseUrl);
  const res = await app("POST", `/devices/${user.guid}`, { json: { id: "@sms/GBR" } });
  expect(res.status, res.text).toBe(201);
  const number = `tel:${(res.body.entry.id as string).slice("service:".length)}`;
  return { ...user, number, own: client(baseUrl, user.creds) };
}

/** A UK mobile number ending in the given four digits (the simulator's outcomes: docs/messages.md). */
const mobile = (lastFour = String(randomInt(5000, 9999))) => `tel:+44770${randomInt(10_000, 99_999)}${lastFour}`;

async function inboundSms(to: string, body = "Hello there", from = mobile()) {
  const res = await app("POST", "/simulator/inbound-sms", { json: { from, to, body } });
  expect(res.status, res.text).toBe(201);
  return res.body.entry;
}

/** The demo application's events of a type whose params match. */
async function eventsOf(type: string, match: Record<string, unknown>) {
  const res = await app("GET", `/apps/demo:demo-app/events?filterBy=type&filterValue=${type}&count=100`);
  expect(res.status, res.text).toBe(200);
  const payloads = (res.body.entry as Array<{ payload: { params: Record<string, unknown>; resource: string } }>).map((e) => e.payload);
  return payloads.filter((p) => Object.entries(match).every(([k, v]) => p.params[k] === v));
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
}

const statuses = (res: ApiResponse) => (res.body.entry.recipients as Array<{ destination: string; status: string }>).map((r) => r.status);

describe("messages: sending SMS", () => {
  it("sends from the user's SMS number: 201 in sent, each recipient SENT then DELIVERED or FAILED as the simulator reports, billed per recipient", async () => {
    const user = await userWithSmsNumber();
    const recipients = [mobile(), mobile("0002"), mobile("0003"), mobile("0004")];
    const res = await user.own("POST", `/messages/${user.guid}/outbox`, {
      json: { recipients, body: "Meet at 6?", sender: user.number, title: "Plans" },
    });
    expect(res.status, res.text).toBe(201);
    const id = res.body.entry.id;
    expect(res.headers.get("location")).toBe(`${baseUrl}/rest/1.0/messages/${user.guid}/sent/${id}`);
    expect(res.body.entry).toMatchObject({
      type: "OutboundSms",
      folder: "sent",
      status: "SENT",
      new: false,
      title: "Plans",
      body: "Meet at 6?",
      sender: user.number,
    });
    expect(statuses(res)).toEqual(["SENT", "SENT", "SENT", "FAILED"]);
    expect(res.body.entry.recipients[3].detail).toMatch(/refused/);
    expect(res.body.entry.recipients.map((r: { destination: string }) => r.destination)).toEqual(
      recipients.map((r) => `tel:${r.replace(/\D/g, "")}`),
    );

    const reported = await until(
      () => user.own("GET", `/messages/${user.guid}/sent/${id}`),
      (r) => statuses(r)[0] === "DELIVERED" && statuses(r)[1] === "FAILED",
    );
    expect(statuses(reported)).toEqual(["DELIVERED", "FAILED", "SENT", "FAILED"]);
    expect(reported.body.entry.status).toBe("SENT"); // 0003 never reports

    const ledger = await app("GET", `/billing/${user.guid}/ledger`);
    expect(ledger.body.entry.filter((e: { item: string; reference: string }) => e.item === "sms" && e.reference === `message:${id}`)).toMatchObject([
      { quantity: 4 },
    ]);
    expect(await eventsOf("SmsStatus", { id, status: "DELIVERED" })).toHaveLength(1);
  });

  it("shows a message DELIVERED when every recipient is, and FAILED when every one failed", async () => {
    const user = await userWithSmsNumber();
    const send = (recipients: string[]) =>
      user.own("POST", `/messages/${user.guid}/outbox`, { json: { recipients, body: "x", sender: user.number } });
    const delivered = (await send([mobile()])).body.entry.id;
    const refused = await send([mobile("0004")]);
    expect(refused.body.entry.status).toBe("FAILED");
    const done = await until(
      () => user.own("GET", `/messages/${user.guid}/sent/${delivered}`),
      (r) => r.body.entry.status === "DELIVERED",
    );
    expect(done.body.entry.status).toBe("DELIVERED");
  });

  it("accepts as sender the device id the allocation handed out (service:<digits>) as well as its tel: forms", async () => {
    const user = await createLoggedInUser(baseUrl);
    const allocated = await app("POST", `/devices/${user.guid}`, { json: { id: "@sms/GBR" } });
    expect(allocated.status, allocated.text).toBe(201);
    const deviceId = allocated.body.entry.id as string;
    expect(deviceId).toMatch(/^service:44\d+$/);
    const digits = deviceId.slice("service:".length);
    const own = client(baseUrl, user.creds);
    for (const sender of [deviceId, `SERVICE:+${digits}`, `tel:+${digits}`, digits]) {
      const res = await own("POST", `/messages/${user.guid}/outbox`, { json: { recipients: [mobile("0003")], body: "From my number", sender } });
      expect(res.status, `${sender}: ${res.text}`).toBe(201);
      expect(res.body.entry.sender, sender).toBe(`tel:${digits}`);
    }
    expect((await own("GET", `/messages/${user.guid}/sent`)).body.totalResults).toBe(4);
  });

  it("refuses a sender the user does not hold, or that cannot send SMS, with 400 naming sender and nothing sent", async () => {
    const user = await userWithSmsNumber();
    const someoneElse = await userWithSmsNumber();
    const voiceOnly = (await app("POST", `/devices/${user.guid}`, { json: { id: "@purpose/GBR" } })).body.entry.id.replace("service:", "tel:");
    const asDeviceIds = [someoneElse.number, voiceOnly].map((n) => n.replace("tel:", "service:"));
    for (const sender of [someoneElse.number, voiceOnly, "tel:+15550001234", ...asDeviceIds]) {
      const res = await user.own("POST", `/messages/${user.guid}/outbox`, { json: { recipients: [mobile()], body: "x", sender } });
      expect(res.status, sender).toBe(400);
      expect(res.body.errors).toEqual([{ field: "sender", message: "must be an SMS number the user holds" }]);
    }
    expect((await user.own("GET", `/messages/${user.guid}/sent`)).body.totalResults).toBe(0);
  });

  it("validates the body: 400 naming each field", async () => {
    const user = await userWithSmsNumber();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ recipients: [], body: "x", sender: user.number }, "recipients"],
      [{ recipients: ["mailto:a@example.com"], body: "x", sender: user.number }, "recipients.0"],
      [{ recipients: [mobile()], sender: user.number }, "body"],
      [{ recipients: [mobile()], body: "x" }, "sender"],
      [{ recipients: [mobile()], body: "x", sender: user.number, colour: "red" }, "(body)"],
    ];
    for (const [json, field] of cases) {
      const res = await user.own("POST", `/messages/${user.guid}/outbox`, { json });
      expect(res.status, field).toBe(400);
      expect(
        res.body.errors.map((e: { field: string }) => e.field),
        field,
      ).toContain(field);
    }
  });

  it("replays a retry with the same Idempotency-Key instead of sending again; the key with another request is 409", async () => {
    const user = await userWithSmsNumber();
    const key = randomUUID();
    const json = { recipients: [mobile("0003")], body: "Only once", sender: user.number };
    const first = await user.own("POST", `/messages/${user.guid}/outbox`, { json, headers: { "Idempotency-Key": key } });
    expect(first.status, first.text).toBe(201);
    const retry = await user.own("POST", `/messages/${user.guid}/outbox`, { json, headers: { "Idempotency-Key": key } });
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.headers.get("location")).toBe(first.headers.get("location"));
    expect(retry.body.entry.id).toBe(first.body.entry.id);
    expect((await user.own("GET", `/messages/${user.guid}/sent`)).body.totalResults).toBe(1);
    const ledger = (await app("GET", `/billing/${user.guid}/ledger`)).body.entry.filter((e: { item: string }) => e.item === "sms");
    expect(ledger).toHaveLength(1);

    const reused = await user.own("POST", `/messages/${user.guid}/outbox`, {
      json: { ...json, body: "Something else" },
      headers: { "Idempotency-Key": key },
    });
    expect(reused.status).toBe(409);
    expect(reused.body.code).toBe("idempotency_key_reused");
    expect((await user.own("GET", `/messages/${user.guid}/sent`)).body.totalResults).toBe(1);
  });

  it("refuses a user without a billing account with 403 billing_required, sending nothing", async () => {
    const user = await userWithSmsNumber();
    expect((await app("PUT", `/users/${user.guid}`, { json: { accountId: null } })).status).toBe(200);
    const res = await user.own("POST", `/messages/${user.guid}/outbox`, { json: { recipients: [mobile()], body: "x", sender: user.number } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("billing_required");
    expect((await app("GET", `/messages/${user.guid}`)).body.totalResults).toBe(0);
  });
});

describe("messages: inbound SMS", () => {
  it("lands in the inbox of the number's holder, NEW, with a NewSms event", async () => {
    const user = await userWithSmsNumber();
    const from = mobile();
    const res = await app("POST", "/simulator/inbound-sms", { json: { from, to: user.number.replace("tel:", "tel:+"), body: "Are you there?" } });
    expect(res.status, res.text).toBe(201);
    const id = res.body.entry.id;
    expect(res.headers.get("location")).toBe(`${baseUrl}/rest/1.0/messages/${user.guid}/inbox/${id}`);
    const got = await user.own("GET", `/messages/${user.guid}/inbox/${id}`);
    expect(got.body.entry).toMatchObject({
      type: "InboundSms",
      status: "NEW",
      new: true,
      folder: "inbox",
      from: `tel:${from.replace(/\D/g, "")}`,
      dest: user.number,
      body: "Are you there?",
    });
    const [event] = await eventsOf("NewSms", { id });
    expect(event).toMatchObject({
      params: { guid: user.guid, id, folder: "inbox" },
      resource: `${baseUrl.replace("127.0.0.1", "localhost")}/rest/1.0/messages/${user.guid}/inbox/${id}`,
    });
  });

  it("is two-legged only, and only to an SMS number of the domain (400 naming to)", async () => {
    const user = await userWithSmsNumber();
    expect((await user.own("POST", "/simulator/inbound-sms", { json: { from: mobile(), to: user.number, body: "x" } })).status).toBe(403);
    const unknown = await app("POST", "/simulator/inbound-sms", { json: { from: mobile(), to: "tel:+15550009999", body: "x" } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ field: "to", message: "must be an SMS number a user of the domain holds" }]);
    // Another domain's application cannot reach this domain's numbers.
    expect((await other("POST", "/simulator/inbound-sms", { json: { from: mobile(), to: user.number, body: "x" } })).status).toBe(400);
  });
});

describe("messages: folders, paging, filters", () => {
  it("lists newest first, pages, and filters by type, status, from, time and folder", async () => {
    const user = await userWithSmsNumber();
    const from = mobile();
    const first = await inboundSms(user.number, "one", from);
    const second = await inboundSms(user.number, "two");
    const third = await inboundSms(user.number, "three");
    const sent = (
      await user.own("POST", `/messages/${user.guid}/outbox`, { json: { recipients: [mobile("0003")], body: "out", sender: user.number } })
    ).body.entry;

    const all = await user.own("GET", `/messages/${user.guid}`);
    expect(all.body.entry.map((m: { id: string }) => m.id)).toEqual([sent.id, third.id, second.id, first.id]);
    const page = await user.own("GET", `/messages/${user.guid}/inbox?startIndex=1&count=1`);
    expect(page.body).toMatchObject({ startIndex: 1, itemsPerPage: 1, totalResults: 3 });
    expect(page.body.entry[0].id).toBe(second.id);

    const ids = async (query: string) => (await user.own("GET", `/messages/${user.guid}${query}`)).body.entry.map((m: { id: string }) => m.id);
    expect(await ids("?filterBy=type&filterValue=OutboundSms")).toEqual([sent.id]);
    expect(await ids(`?filterBy=from&filterValue=${from.replace(/\D/g, "")}&filterOp=contains`)).toEqual([first.id]);
    expect(await ids("?filterBy=folder&filterValue=sent")).toEqual([sent.id]);
    expect(await ids(`?filterBy=time&filterOp=startsWith&filterValue=${new Date().toISOString().slice(0, 7)}&count=2`)).toEqual([sent.id, third.id]);
    expect(await ids("/sent?filterBy=status&filterValue=SENT")).toEqual([sent.id]);
    expect(await ids("/inbox?filterBy=type,status&filterOp=all&filterValue=InboundSms,NEW")).toHaveLength(3);
    expect((await user.own("GET", `/messages/${user.guid}?filterBy=colour&filterValue=red`)).status).toBe(400);
    // Folders that hold nothing yet answer an empty page; a name no folder can have is 404.
    expect((await user.own("GET", `/messages/${user.guid}/deleted`)).body).toMatchObject({ totalResults: 0, entry: [] });
    expect((await user.own("GET", `/messages/${user.guid}/not a folder`)).status).toBe(404);
  });

  it("marks read, urgent, labels and moves; the message then answers only at its new folder", async () => {
    const user = await userWithSmsNumber();
    const sms = await inboundSms(user.number);
    const at = (folder: string) => `/messages/${user.guid}/${folder}/${sms.id}`;

    const read = await user.own("PUT", at("inbox"), { json: { new: false } });
    expect(read.body.entry).toMatchObject({ new: false, status: "READ" });
    expect((await user.own("PUT", at("inbox"), { json: { urgent: true } })).body.entry.status).toBe("URGENT");
    expect((await user.own("PUT", at("inbox"), { json: { urgent: false, new: true } })).body.entry.status).toBe("NEW");
    // Its own GET representation may be sent back; a changed read-only field is a 400.
    const current = (await user.own("GET", at("inbox"))).body.entry;
    expect((await user.own("PUT", at("inbox"), { json: { ...current, new: false } })).status).toBe(200);
    const readOnly = await user.own("PUT", at("inbox"), { json: { body: "changed" } });
    expect(readOnly.status).toBe(400);
    expect(readOnly.body.errors).toEqual([{ field: "body", message: "is read-only" }]);

    const moved = await user.own("PUT", at("inbox"), { json: { folder: "family", label: "mum" } });
    expect(moved.body.entry).toMatchObject({ folder: "family", label: "mum", status: "READ" });
    expect((await user.own("GET", at("inbox"))).status).toBe(404);
    expect((await user.own("GET", at("family"))).status).toBe(200);
    expect((await user.own("GET", `/messages/${user.guid}/family`)).body.totalResults).toBe(1);
  });

  it("refuses a bad change with 400 naming the field, changing nothing", async () => {
    const user = await userWithSmsNumber();
    const sms = await inboundSms(user.number);
    const path = `/messages/${user.guid}/inbox/${sms.id}`;
    for (const [json, field] of [
      [{ folder: "no spaces allowed" }, "folder"],
      [{ folder: "outbox" }, "folder"],
      [{ new: "no" }, "new"],
      [{ label: "x".repeat(101) }, "label"],
      [{}, "(body)"],
    ] as const) {
      const res = await user.own("PUT", path, { json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect((await user.own("GET", path)).body.entry).toMatchObject({ folder: "inbox", new: true, status: "NEW" });
  });

  it("deletes in two steps, each answered 204: to deleted, then for good; MessageDeleted is sent at each step", async () => {
    const user = await userWithSmsNumber();
    const sms = await inboundSms(user.number, "Delete me");
    const params = { guid: user.guid, id: sms.id, callId: null, senderId: sms.from, title: null, body: "Delete me" };
    const first = await user.own("DELETE", `/messages/${user.guid}/inbox/${sms.id}`);
    expect(first.status, first.text).toBe(204);
    expect(first.text).toBe("");
    expect((await user.own("GET", `/messages/${user.guid}/deleted/${sms.id}`)).body.entry).toMatchObject({ folder: "deleted", status: "DELETED" });
    expect((await user.own("GET", `/messages/${user.guid}/deleted`)).body.entry.map((m: { id: string }) => m.id)).toEqual([sms.id]);
    const moved = await eventsOf("MessageDeleted", { id: sms.id });
    expect(moved.map((e) => e.params)).toEqual([{ ...params, purged: false }]);
    expect(moved[0]!.resource).toMatch(new RegExp(`/rest/1.0/messages/${user.guid}/deleted/${sms.id}$`));

    const second = await user.own("DELETE", `/messages/${user.guid}/deleted/${sms.id}`);
    expect(second.status, second.text).toBe(204);
    expect(second.text).toBe("");
    expect((await user.own("GET", `/messages/${user.guid}/deleted/${sms.id}`)).status).toBe(404);
    expect((await user.own("DELETE", `/messages/${user.guid}/deleted/${sms.id}`)).status).toBe(404);
    const events = await eventsOf("MessageDeleted", { id: sms.id });
    expect(events.map((e) => e.params.purged).sort()).toEqual([false, true]);
    expect(events.find((e) => e.params.purged)!.params).toEqual({ ...params, purged: true });
  });

  it("sends MessageDeleted when a PUT moves a message to deleted too, and nothing when it is restored", async () => {
    const user = await userWithSmsNumber();
    const sms = await inboundSms(user.number, "Moved by hand");
    const moved = await user.own("PUT", `/messages/${user.guid}/inbox/${sms.id}`, { json: { folder: "deleted" } });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.entry).toMatchObject({ folder: "deleted", status: "DELETED" });
    expect((await eventsOf("MessageDeleted", { id: sms.id })).map((e) => e.params.purged)).toEqual([false]);
    // A change that leaves it in deleted, and its restoration, send nothing more.
    expect((await user.own("PUT", `/messages/${user.guid}/deleted/${sms.id}`, { json: { label: "old" } })).status).toBe(200);
    expect((await user.own("PUT", `/messages/${user.guid}/deleted/${sms.id}`, { json: { folder: "inbox" } })).status).toBe(200);
    expect(await eventsOf("MessageDeleted", { id: sms.id })).toHaveLength(1);
  });

  it("a message moved out of deleted is restored", async () => {
    const user = await userWithSmsNumber();
    const sms = await inboundSms(user.number);
    await user.own("DELETE", `/messages/${user.guid}/inbox/${sms.id}`);
    const back = await user.own("PUT", `/messages/${user.guid}/deleted/${sms.id}`, { json: { folder: "inbox" } });
    expect(back.body.entry).toMatchObject({ folder: "inbox", status: "NEW" });
  });
});

describe("messages: who may see them", () => {
  it("only the owner (or the application two-legged): another user of the domain and another domain get 404", async () => {
    const owner = await userWithSmsNumber();
    const neighbour = await createLoggedInUser(baseUrl);
    const asNeighbour = client(baseUrl, neighbour.creds);
    const sms = await inboundSms(owner.number);
    const paths = [`/messages/${owner.guid}`, `/messages/${owner.guid}/inbox`, `/messages/${owner.guid}/inbox/${sms.id}`];
    for (const path of paths) {
      expect((await app("GET", path)).status, path).toBe(200);
      expect((await owner.own("GET", path)).status, path).toBe(200);
      expect((await asNeighbour("GET", path)).status, path).toBe(404);
      expect((await other("GET", path)).status, path).toBe(404);
    }
    expect((await asNeighbour("PUT", paths[2]!, { json: { new: false } })).status).toBe(404);
    expect((await asNeighbour("DELETE", paths[2]!)).status).toBe(404);
    expect((await other("DELETE", paths[2]!)).status).toBe(404);
    expect((await app("PUT", paths[2]!, { json: { new: false } })).body.entry.status).toBe("READ");
    // Someone else's message id under the neighbour's own guid is not found either.
    expect((await asNeighbour("GET", `/messages/${neighbour.guid}/inbox/${sms.id}`)).status).toBe(404);
    expect((await asNeighbour("GET", `/messages/${neighbour.guid}/inbox/${randomUUID()}`)).status).toBe(404);
  });
});

describe("services and transcription", () => {
  async function audioMessage(to: string, seconds = 3) {
    const res = await app("POST", "/simulator/inbound-audio-message", { json: { from: mobile(), to, seconds } });
    expect(res.status, res.text).toBe(201);
    return res.body.entry;
  }
  const fileOf = (path: string) => path.replace(/^\/media/, "/media");

  it("lists the transcription services and turns one on for voicemail or folders", async () => {
    const user = await userWithSmsNumber();
    const list = await user.own("GET", `/services/${user.guid}`);
    expect(list.status).toBe(200);
    expect(list.body.entry).toEqual([
      expect.objectContaining({ id: "simulator", type: "Transcription", providers: ["simulator"], voicemail: false, folders: [] }),
      expect.objectContaining({ id: "openai-compatible", type: "Transcription", providers: ["openai-compatible"], voicemail: false, folders: [] }),
      expect.objectContaining({ id: "local", type: "Transcription", providers: ["local"], voicemail: false, folders: [] }),
    ]);
    const on = await user.own("PUT", `/services/${user.guid}/simulator`, { json: { voicemail: true } });
    expect(on.body.entry).toMatchObject({ voicemail: true, folders: [] });
    const folders = await user.own("PUT", `/services/${user.guid}/simulator`, { json: { folders: ["inbox", "work", "inbox"] } });
    expect(folders.body.entry).toMatchObject({ voicemail: true, folders: ["inbox", "work"] });
    expect((await user.own("GET", `/services/${user.guid}`)).body.entry[0]).toMatchObject({ voicemail: true, folders: ["inbox", "work"] });

    expect((await user.own("PUT", `/services/${user.guid}/no-such-service`, { json: { voicemail: true } })).status).toBe(404);
    const bad = await user.own("PUT", `/services/${user.guid}/simulator`, { json: { folders: ["outbox"] } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe("folders.0");
    expect((await user.own("PUT", `/services/${user.guid}/simulator`, { json: { type: "Other" } })).status).toBe(400);
    expect((await client(baseUrl, (await createLoggedInUser(baseUrl)).creds)("GET", `/services/${user.guid}`)).status).toBe(404);
  });

  it("without a service an audio message is notAvailable; moved into a transcribed folder it gets its transcript, beside the audio", async () => {
    const user = await userWithSmsNumber();
    const message = await audioMessage(user.number, 4);
    expect(message).toMatchObject({ type: "InboundAudioMessage", folder: "inbox", transcriptionStatus: "notAvailable", duration: 4 });
    const audio = message.mediaItems[0] as string;
    expect(audio).toBe(`/media/demo/call:${message.callId}/${message.callId}.wav`);
    const download = await downloadText(baseUrl, user.creds, fileOf(audio));
    expect(download.status).toBe(200);
    expect(download.text.slice(0, 4)).toBe("RIFF");
    // Only the owner reads the audio.
    expect((await downloadText(baseUrl, (await createLoggedInUser(baseUrl)).creds, fileOf(audio))).status).toBe(404);

    await user.own("PUT", `/services/${user.guid}/simulator`, { json: { folders: ["work"] } });
    const moved = await user.own("PUT", `/messages/${user.guid}/inbox/${message.id}`, { json: { folder: "work" } });
    expect(moved.body.entry).toMatchObject({ transcriptionStatus: "transcribed" });
    expect(moved.body.entry.transcript).toMatch(/^Simulated transcript of 4 seconds from tel:44770\d+/);
    const transcript = await downloadText(baseUrl, user.creds, `${fileOf(audio)}.simulator.txt`);
    expect(transcript.status).toBe(200);
    expect(transcript.text).toBe(moved.body.entry.transcript);
    expect(await eventsOf("TranscriptionReady", { id: message.id })).toMatchObject([
      { params: { serviceId: "simulator", transcript: `${audio}.simulator.txt` } },
    ]);

    // Deleting it for good takes its audio and transcript with it.
    await user.own("DELETE", `/messages/${user.guid}/work/${message.id}`);
    await user.own("DELETE", `/messages/${user.guid}/deleted/${message.id}`);
    expect((await downloadText(baseUrl, user.creds, fileOf(audio))).status).toBe(404);
    expect((await downloadText(baseUrl, user.creds, `${fileOf(audio)}.simulator.txt`)).status).toBe(404);
  });

  it("transcribes at once when the message arrives in a folder the user transcribes, and not after it is turned off", async () => {
    const user = await userWithSmsNumber();
    await user.own("PUT", `/services/${user.guid}/simulator`, { json: { folders: ["inbox"] } });
    expect(await audioMessage(user.number)).toMatchObject({
      transcriptionStatus: "transcribed",
      transcript: expect.stringMatching(/^Simulated transcript of 3 seconds/),
    });
    await user.own("PUT", `/services/${user.guid}/simulator`, { json: { folders: [] } });
    expect(await audioMessage(user.number)).toMatchObject({ transcriptionStatus: "notAvailable" });
  });
});

describe("labels", () => {
  it("lists the labels on the user's devices and messages, A-Z, with counts", async () => {
    const user = await userWithSmsNumber();
    expect((await user.own("GET", `/labels/${user.guid}`)).body.entry).toEqual([]);
    await app("POST", `/devices/${user.guid}`, { json: { id: `tel:+4420${randomInt(10_000_000, 99_999_999)}`, label: "work" } });
    const sms = await inboundSms(user.number);
    await user.own("PUT", `/messages/${user.guid}/inbox/${sms.id}`, { json: { label: "family" } });
    const sent = await user.own("POST", `/messages/${user.guid}/outbox`, {
      json: { recipients: [mobile("0003")], body: "x", sender: user.number, label: "work" },
    });
    expect(sent.body.entry.label).toBe("work");
    const labels = await user.own("GET", `/labels/${user.guid}`);
    expect(labels.body.entry).toEqual([
      { label: "family", devices: 0, messages: 1 },
      { label: "work", devices: 1, messages: 1 },
    ]);
    expect((await other("GET", `/labels/${user.guid}`)).status).toBe(404);
  });
});
