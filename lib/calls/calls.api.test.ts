// First: sets this process's environment before the app's modules load (e2e/support/in-process-server.ts).
import { startInProcessServer } from "@/e2e/support/in-process-server";
import { randomInt, randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { client, createLoggedInUser, otherApp, uniqueLogin } from "@/e2e/support/api-client";
import { decodeMp3 } from "@/lib/audio/decode-mp3";
import { signedFetch } from "@/e2e/support/media-client";
import { specialApps } from "@/e2e/support/fixtures";
import { waitFor } from "@/e2e/support/receiver";

const server = await startInProcessServer();
afterAll(() => server.stop());
const baseUrl = server.baseUrl;
const app = client(baseUrl);
const other = client(baseUrl, otherApp);
/** The other domain's application marked as a test tool: it moves that domain's simulator clock. */
const otherTestTool = client(baseUrl, specialApps.testTool);
const APP_ID = "demo:demo-app";

// Purpose numbers here come from the AUS range: other files count the free USA, CAN and GBR ones.

/** A user of the demo domain; the demo application's default billing account pays its calls. */
async function newUser(json: Record<string, unknown> = {}) {
  const res = await app("POST", "/users", { json: { login: uniqueLogin("caller"), password: "call-pass-123", ...json } });
  expect(res.status, res.text).toBe(201);
  return res.body.entry.guid as string;
}

/** A US number no other test uses whose last four digits choose the simulator's behaviour. */
const phone = (lastFour = "7777") => `tel:+1 555 ${randomInt(100, 999)} ${randomInt(10, 99)}${lastFour}`;
const digitsOf = (address: string) => `tel:${address.replace(/\D/g, "")}`;

async function place(guid: string, legs: string[], extra: Record<string, unknown> = {}, headers?: Record<string, string>) {
  return app("POST", `/calls/${guid}`, { json: { legs, ...extra }, headers });
}

async function connected(guid: string, legs = [phone(), phone("0001")]) {
  const res = await place(guid, legs);
  expect(res.status, res.text).toBe(201);
  return res.body.entry as {
    id: number;
    callerId?: string;
    legs: Array<{ id: number; address: string; status: string; mode: string; playing: boolean }>;
  };
}

const getCall = async (guid: string, id: number) => {
  const res = await app("GET", `/calls/${guid}/${id}`);
  expect(res.status, res.text).toBe(200);
  return res.body.entry;
};

async function advance(advanceSeconds: number) {
  const res = await app("POST", "/simulator/clock", { json: { advanceSeconds } });
  expect(res.status, res.text).toBe(200);
  return res.body.entry;
}

/** The events of one call from the application's event log (the outbox), oldest first. */
async function eventsOf(callId: number, type?: string, via = app, appId = APP_ID) {
  const filter = type ? `&filterBy=type&filterValue=${type}` : "";
  const res = await via("GET", `/apps/${appId}/events?count=100${filter}`);
  expect(res.status, res.text).toBe(200);
  return (res.body.entry as Array<{ type: string; payload: { type: string; resource: string; params: Record<string, unknown> } }>)
    .map((e) => e.payload)
    .filter((p) => p.params.callid === callId)
    .reverse();
}

const waitForEvent = (callId: number, type: string) => waitFor(async () => (await eventsOf(callId, type))[0], 10_000, `${type} of call ${callId}`);

describe("calls: connect, busy, no answer, failure", () => {
  it("answers 201 once the first two legs answered, with Location and the call's fields", async () => {
    const guid = await newUser();
    const [a, b] = [phone(), phone("0001")];
    const res = await place(guid, [a, b], { announce: "Hello from the test" });
    expect(res.status, res.text).toBe(201);
    const call = res.body.entry;
    expect(res.headers.get("location")).toBe(`${baseUrl}/rest/1.0/calls/${guid}/${call.id}`);
    expect(call).toMatchObject({
      status: "CONNECTED",
      active: true,
      outbound: true,
      success: false,
      mode: "talk",
      recording: false,
      recordings: [],
      application: APP_ID,
      user: guid,
      startTime: expect.any(String),
    });
    expect(call.legs.map((l: { address: string; status: string }) => [l.address, l.status])).toEqual([
      [digitsOf(a), "ANSWERED"],
      [digitsOf(b), "ANSWERED"],
    ]);
    for (const leg of call.legs) expect(leg).toMatchObject({ answerTime: expect.any(String), mode: "talk", duration: expect.any(Number) });
    expect(call.legs.every((l: { playing: boolean }) => l.playing)).toBe(true); // the announcement

    expect(await getCall(guid, call.id)).toMatchObject({ id: call.id, status: "CONNECTED" });
    const types = (await eventsOf(call.id)).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(["CallInitiated", "CallRinging", "CallLegAnswered", "CallStatusChanged"]));
    const initiated = (await eventsOf(call.id, "CallInitiated"))[0]!;
    expect(initiated.resource).toBe(`${baseUrl}/rest/1.0/calls/${guid}/${call.id}`);
    expect(initiated.params).toMatchObject({ callid: call.id, guid, source: digitsOf(a), dest: digitsOf(b), status: "STARTED" });
    expect((await eventsOf(call.id, "CallLegAnswered")).map((e) => e.params.leg).sort()).toEqual(call.legs.map((l: { id: number }) => l.id).sort());
  });

  it.each([
    ["0002", 409, "call_busy", "BUSY", "is busy"],
    ["0003", 409, "call_not_answered", "NOANSWER", "did not answer"],
    ["0004", 502, "call_failed", "FAILURE", "could not be reached"],
  ])("a leg ending in %s answers %i %s naming the leg; the call stays in the history", async (lastFour, status, code, callStatus, why) => {
    const guid = await newUser();
    const bad = phone(lastFour);
    const res = await place(guid, [phone(), bad]);
    expect(res.status, res.text).toBe(status);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(res.body).toMatchObject({ code, address: digitsOf(bad), legStatus: callStatus, callId: expect.any(Number) });
    expect(res.body.detail).toContain(why);
    expect(res.body.detail).toContain(digitsOf(bad));
    const location = res.headers.get("location");
    expect(location).toBe(`${baseUrl}/rest/1.0/calls/${guid}/${res.body.callId}`);
    const call = await getCall(guid, res.body.callId);
    expect(call).toMatchObject({ status: callStatus, active: false, success: false, duration: 0 });
    expect(call.reason).toBe(`${digitsOf(bad)} ${why} (leg ${call.legs[1].id})`);
    expect(call.legs[1]).toMatchObject({ address: digitsOf(bad), status: callStatus });
    expect(call.legs[0].status).toBe("HUNGUP");
    const completed = await waitForEvent(call.id, "CallCompleted");
    expect(completed.params).toMatchObject({ status: callStatus, success: false });
    expect(await eventsOf(call.id, "CallCost")).toEqual([]); // never connected: nothing to pay
  });

  it("refuses bad legs and caller ids with a 400 naming the field, and places nothing", async () => {
    const guid = await newUser();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ legs: [phone(), "fax:123"] }, "legs.1"],
      // The original library: "SIP: or TEL: only".
      [{ legs: [phone(), "mailto:ada@example.com"] }, "legs.1"],
      [{ legs: ["skype:ada.lovelace", phone()] }, "legs.0"],
      [{ legs: [phone(), "xmpp:ada@example.com"] }, "legs.1"],
      [{ legs: [phone()] }, "legs"],
      [{ legs: [phone(), phone()], mode: "loud" }, "mode"],
      [{ legs: [phone(), phone()], callerid: "tel:+1 555 999 0000" }, "callerid"],
      [{ legs: [phone(), phone()], extra: true }, "(body)"],
    ];
    for (const [json, field] of cases) {
      const res = await app("POST", `/calls/${guid}`, { json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    const history = await app("GET", `/calls/${guid}`);
    expect(history.body.totalResults).toBe(0);
    const mailto = await app("POST", `/calls/${guid}`, { json: { legs: [phone(), "mailto:ada@example.com"] } });
    expect(mailto.body.errors).toEqual([{ field: "legs.1", message: "a call leg is a tel: or sip: address; mailto: cannot be called" }]);
  });

  it("calls sip: legs as well as tel: ones", async () => {
    const guid = await newUser();
    const call = await connected(guid, [phone(), `sip:${uniqueLogin("callee")}@example.com`]);
    expect(call.legs.map((l) => l.address)).toEqual([expect.stringMatching(/^tel:/), expect.stringMatching(/^sip:callee-.+@example\.com$/)]);
  });

  it("accepts a verified device or a held purpose number as caller id; without one, the oldest purpose number the user holds", async () => {
    const guid = await newUser();
    expect(await connected(guid)).not.toHaveProperty("callerId"); // no number: no caller id
    const number = await app("POST", `/devices/${guid}`, { json: { id: "@purpose/AUS" } });
    expect(number.status, number.text).toBe(201);
    const call = await connected(guid);
    expect(call.callerId).toBe(number.body.entry.id);
    const res = await place(guid, [phone(), phone()], { callerid: number.body.entry.id.replace("service:", "+") });
    expect(res.status, res.text).toBe(201);
    expect(res.body.entry.callerId).toBe(number.body.entry.id);
  });
});

describe("calls: control", () => {
  it("holds, mutes and talks on the call and on one leg, with CallStatusChanged events", async () => {
    const guid = await newUser();
    const call = await connected(guid);
    const held = await app("PUT", `/calls/${guid}/${call.id}`, { json: { mode: "hold" } });
    expect(held.status, held.text).toBe(200);
    expect(held.body.entry.mode).toBe("hold");
    expect(held.body.entry.legs.map((l: { mode: string }) => l.mode)).toEqual(["hold", "hold"]);

    const muted = await app("PUT", `/calls/${guid}/${call.id}/${call.legs[1]!.id}`, { json: { mode: "mute" } });
    expect(muted.status, muted.text).toBe(200);
    expect(muted.body.entry.legs.map((l: { mode: string }) => l.mode)).toEqual(["hold", "mute"]);

    const talk = await app("PUT", `/calls/${guid}/${call.id}`, { json: { mode: "talk" } });
    expect(talk.body.entry.legs.map((l: { mode: string }) => l.mode)).toEqual(["talk", "talk"]);
    const changes = await eventsOf(call.id, "CallStatusChanged");
    expect(changes.filter((e) => e.params.leg && e.params.mode).map((e) => [e.params.leg, e.params.mode])).toEqual([
      [call.legs[0]!.id, "hold"],
      [call.legs[1]!.id, "hold"],
      [call.legs[1]!.id, "mute"],
      [call.legs[0]!.id, "talk"],
      [call.legs[1]!.id, "talk"],
    ]);
  });

  it("drops one leg of three and the call goes on; dropping a second ends it", async () => {
    const guid = await newUser();
    const call = await connected(guid, [phone(), phone(), phone()]);
    expect(call.legs.map((l) => l.status)).toEqual(["ANSWERED", "ANSWERED", "ANSWERED"]);
    const dropped = await app("PUT", `/calls/${guid}/${call.id}/${call.legs[2]!.id}`, { json: { mode: "hangup" } });
    expect(dropped.status, dropped.text).toBe(200);
    expect(dropped.body.entry).toMatchObject({ active: true, status: "CONNECTED" });
    expect(dropped.body.entry.legs[2]).toMatchObject({ status: "HUNGUP", endTime: expect.any(String) });

    const ended = await app("PUT", `/calls/${guid}/${call.id}/${call.legs[0]!.id}`, { json: { active: false } });
    expect(ended.status).toBe(200);
    expect(ended.body.entry).toMatchObject({ active: false, status: "COMPLETED", success: true, endTime: expect.any(String) });
    expect(ended.body.entry.legs.map((l: { status: string }) => l.status)).toEqual(["HUNGUP", "HUNGUP", "HUNGUP"]);
    const hungUp = await eventsOf(call.id, "CallLegHungUp");
    expect(hungUp.map((e) => e.params.leg)).toEqual([call.legs[2]!.id, call.legs[0]!.id, call.legs[1]!.id]);
    expect((await waitForEvent(call.id, "CallCompleted")).params).toMatchObject({ status: "COMPLETED", success: true });
  });

  it("hangs up the whole call with mode hangup", async () => {
    const guid = await newUser();
    const call = await connected(guid);
    const res = await app("PUT", `/calls/${guid}/${call.id}`, { json: { mode: "hangup" } });
    expect(res.status).toBe(200);
    expect(res.body.entry).toMatchObject({ active: false, status: "COMPLETED" });
  });

  it("refuses illegal changes with 409 saying why, and changes nothing", async () => {
    const guid = await newUser();
    const call = await connected(guid, [phone(), phone(), phone()]);
    const leg = call.legs[2]!.id;
    expect((await app("PUT", `/calls/${guid}/${call.id}/${leg}`, { json: { mode: "hangup" } })).status).toBe(200);
    const unhold = await app("PUT", `/calls/${guid}/${call.id}/${leg}`, { json: { mode: "talk" } });
    expect(unhold.status).toBe(409);
    // The problem's own status stays the HTTP status; the leg's is legStatus.
    expect(unhold.body).toMatchObject({ code: "illegal_leg_state", status: 409, leg, legStatus: "HUNGUP" });
    expect(unhold.body.detail).toBe(`Leg ${leg} cannot be put on talk: it has ended (HUNGUP).`);
    const again = await app("PUT", `/calls/${guid}/${call.id}/${leg}`, { json: { mode: "hangup" } });
    expect(again.status).toBe(409);
    expect(again.body.detail).toContain("HUNGUP is final");

    expect((await app("PUT", `/calls/${guid}/${call.id}`, { json: { active: false } })).status).toBe(200);
    const afterEnd = await app("PUT", `/calls/${guid}/${call.id}`, { json: { mode: "hold" } });
    expect(afterEnd.status).toBe(409);
    expect(afterEnd.body.detail).toContain("has ended (COMPLETED)");
    expect(afterEnd.body).toMatchObject({ status: 409, callId: call.id, callStatus: "COMPLETED" });
    expect((await getCall(guid, call.id)).mode).toBe("talk");
  });

  it("validates control bodies (400 naming the field) and answers 404 for unknown legs and calls", async () => {
    const guid = await newUser();
    const call = await connected(guid);
    const bad = await app("PUT", `/calls/${guid}/${call.id}`, { json: { mode: "loud" } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe("mode");
    const empty = await app("PUT", `/calls/${guid}/${call.id}`, { json: {} });
    expect(empty.status).toBe(400);
    const dtmfOnCall = await app("PUT", `/calls/${guid}/${call.id}`, { json: { requestDtmf: { maxDigits: 2 } } });
    expect(dtmfOnCall.status).toBe(400);
    expect((await app("PUT", `/calls/${guid}/${call.id}/999999999`, { json: { mode: "hold" } })).status).toBe(404);
    expect((await app("GET", `/calls/${guid}/999999999`)).status).toBe(404);
    expect((await app("DELETE", `/calls/${guid}/${call.id}`)).status).toBe(405);
    expect((await getCall(guid, call.id)).mode).toBe("talk");
  });

  it("plays media, stops playing, and reports PlayAnnouncementComplete", async () => {
    const guid = await newUser();
    const call = await connected(guid);
    const leg = call.legs[0]!.id;
    const played = await app("PUT", `/calls/${guid}/${call.id}/${leg}`, {
      json: {
        play: {
          media: [
            { type: "string", value: "Welcome", duration: 3 },
            { type: "digits", value: "42" },
          ],
          transactionId: "tx-1",
        },
      },
    });
    expect(played.status, played.text).toBe(200);
    expect(played.body.entry.legs.map((l: { playing: boolean }) => l.playing)).toEqual([true, false]);
    await advance(4);
    const done = await waitForEvent(call.id, "PlayAnnouncementComplete");
    expect(done.params).toMatchObject({ leg, transactionId: "tx-1", interrupted: false });
    expect((await getCall(guid, call.id)).legs[0].playing).toBe(false);

    await app("PUT", `/calls/${guid}/${call.id}`, {
      json: { play: { media: [{ type: "file", value: "/media/demo/x/a.mp3", duration: 60 }], transactionId: "tx-2" } },
    });
    const stopped = await app("PUT", `/calls/${guid}/${call.id}`, { json: { playing: false } });
    expect(stopped.body.entry.legs.map((l: { playing: boolean }) => l.playing)).toEqual([false, false]);
    const interrupted = (await eventsOf(call.id, "PlayAnnouncementComplete")).filter((e) => e.params.transactionId === "tx-2");
    expect(interrupted.map((e) => e.params.interrupted)).toEqual([true, true]);
  });

  it("records an MP3 at media/<domain>/call:<id>/<id>.mp3, listed in recordings[]; RecordComplete names the file, which only the user reads", async () => {
    const user = await createLoggedInUser(baseUrl);
    const guid = user.guid;
    const call = await connected(guid);
    const rec = await app("PUT", `/calls/${guid}/${call.id}`, { json: { record: { duration: 2 } } });
    expect(rec.status, rec.text).toBe(200);
    expect(rec.body.entry.recording).toBe(true);
    const twice = await app("PUT", `/calls/${guid}/${call.id}`, { json: { record: {} } });
    expect(twice.status).toBe(409);
    await advance(3);
    const done = await waitForEvent(call.id, "RecordComplete");
    const file = `/media/demo/call:${call.id}/${call.id}.mp3`;
    expect(done.params).toMatchObject({ file, duration: 2 });
    const after = await getCall(guid, call.id);
    expect(after).toMatchObject({ recording: false, recordings: [file] });

    // A second recording of the call is a second file, <id>-2.mp3; a named one keeps its name.
    await app("PUT", `/calls/${guid}/${call.id}`, { json: { record: {} } });
    await advance(1);
    const second = await app("PUT", `/calls/${guid}/${call.id}`, { json: { recording: false } });
    expect(second.status, second.text).toBe(200);
    await app("PUT", `/calls/${guid}/${call.id}`, { json: { record: { file: "meeting" } } });
    await advance(1);
    const stopped = await app("PUT", `/calls/${guid}/${call.id}`, { json: { recording: false } });
    expect(stopped.body.entry.recordings).toEqual([file, `/media/demo/call:${call.id}/${call.id}-2.mp3`, `/media/demo/call:${call.id}/meeting.mp3`]);
    // Recordings are MP3: another extension is a 400 naming record.file.
    const wav = await app("PUT", `/calls/${guid}/${call.id}`, { json: { record: { file: "meeting.wav" } } });
    expect(wav.status).toBe(400);
    expect(wav.body.errors[0]).toMatchObject({ field: "record.file" });
    expect((await getCall(guid, call.id)).recording).toBe(false);

    const asUser = client(baseUrl, user.creds);
    const details = await asUser("GET", file);
    expect(details.status, details.text).toBe(200);
    expect(details.body.entry).toMatchObject({ name: `${call.id}.mp3`, contentType: "audio/mpeg" });
    const audio = await signedFetch(baseUrl, user.creds, "GET", file, { headers: { Accept: "audio/mpeg" } });
    expect(audio.status).toBe(200);
    expect(audio.headers.get("content-type")).toBe("audio/mpeg");
    const bytes = new Uint8Array(await audio.arrayBuffer());
    expect(bytes.length).toBe(details.body.entry.size);
    const decoded = await decodeMp3(bytes);
    expect(Math.abs(decoded.duration - 2)).toBeLessThan(0.3); // 2 s of silence, plus the encoder's padding
    expect(decoded.peak).toBeLessThan(0.01); // the simulator records silence
    // The call folder is the user's alone: another user of the domain does not see it.
    const stranger = await createLoggedInUser(baseUrl);
    expect((await client(baseUrl, stranger.creds)("GET", file)).status).toBe(404);
  });

  it("collects DTMF: 0006 sends 1234, other numbers time out", async () => {
    const guid = await newUser();
    const call = await connected(guid, [phone(), phone("0006")]);
    const [plain, keypad] = [call.legs[0]!, call.legs[1]!];
    const asked = await app("PUT", `/calls/${guid}/${call.id}/${keypad.id}`, { json: { requestDtmf: { maxDigits: 4, timeOut: 5 } } });
    expect(asked.status, asked.text).toBe(200);
    await app("PUT", `/calls/${guid}/${call.id}/${plain.id}`, { json: { requestDtmf: { maxDigits: 2, timeOut: 5 } } });
    await advance(1);
    const digits = await waitForEvent(call.id, "DtmfReceived");
    expect(digits.params).toMatchObject({ leg: keypad.id, digits: "1234", timedOut: false });
    await advance(5);
    const both = await waitFor(async () => {
      const events = await eventsOf(call.id, "DtmfReceived");
      return events.length === 2 ? events : undefined;
    });
    expect(both[1]!.params).toMatchObject({ leg: plain.id, digits: "", timedOut: true });
  });

  it("transfers an answered leg into another call", async () => {
    const guid = await newUser();
    const source = await connected(guid);
    const dest = await connected(guid);
    const moving = source.legs[1]!;
    const res = await app("PUT", `/calls/${guid}/${dest.id}`, { json: { id: `${source.id}/${moving.id}` } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.entry.legs).toHaveLength(3);
    expect(res.body.entry.legs[2]).toMatchObject({ address: moving.address, status: "ANSWERED" });
    const from = await getCall(guid, source.id);
    expect(from.legs[1]).toMatchObject({ status: "TRANSFERRED", reason: `moved to call ${dest.id} as leg ${res.body.entry.legs[2].id}` });
    expect(from).toMatchObject({ active: false, status: "COMPLETED" }); // one leg left
    const moved = (await eventsOf(dest.id, "CallStatusChanged")).find((e) => e.params.status === "moved");
    expect(moved?.params.movedFrom).toBe(`${source.id}/${moving.id}`);

    const again = await app("PUT", `/calls/${guid}/${dest.id}`, { json: { id: `${source.id}/${moving.id}` } });
    expect(again.status).toBe(409);
    const unknown = await app("PUT", `/calls/${guid}/${dest.id}`, { json: { id: `999999999/1` } });
    expect(unknown.status).toBe(404);
    const badForm = await app("PUT", `/calls/${guid}/${dest.id}`, { json: { id: "leg-1" } });
    expect(badForm.status).toBe(400);
    expect(badForm.body.errors[0].field).toBe("id");
  });

  it("0005 hangs up 30 simulated seconds after answering", async () => {
    const guid = await newUser();
    const call = await connected(guid, [phone(), phone("0005")]);
    await advance(31);
    const ended = await waitFor(async () => {
      const c = await getCall(guid, call.id);
      return c.active ? undefined : c;
    });
    expect(ended).toMatchObject({ status: "COMPLETED", success: true });
    expect(ended.legs[1]).toMatchObject({ status: "HUNGUP", reason: "the far end hung up" });
    expect(ended.duration).toBeGreaterThanOrEqual(30);
  });
});

describe("calls: billing", () => {
  it("refuses a user without a billing account up front (403 billing_required), placing nothing", async () => {
    const guid = await newUser({ accountId: null });
    const res = await place(guid, [phone(), phone()]);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("billing_required");
    expect((await app("GET", `/calls/${guid}`)).body.totalResults).toBe(0);
  });

  it("debits per started minute on completion, with a CallCost event and a ledger entry", async () => {
    const guid = await newUser();
    const call = await connected(guid);
    await advance(61);
    const ended = await app("PUT", `/calls/${guid}/${call.id}`, { json: { active: false } });
    expect(ended.body.entry.duration).toBeGreaterThanOrEqual(61);
    expect(ended.body.entry.duration).toBeLessThan(120);
    const cost = await waitForEvent(call.id, "CallCost");
    expect(cost.params).toMatchObject({
      status: "charged",
      minutes: 2,
      charged: 2,
      unpaidMinutes: 0,
      unitPrice: "0.02",
      amount: "0.04",
      currency: "USD",
    });
    // The first minute was reserved at admission, the second when it started (docs/billing.md).
    const ledger = await app("GET", `/billing/${guid}/ledger?filterBy=reference&filterValue=call:${call.id}`);
    expect(ledger.status, ledger.text).toBe(200);
    expect(ledger.body.entry.reverse()).toMatchObject([
      {
        type: "debit",
        item: "call_minute",
        quantity: 1,
        amount: "-0.02",
        description: `Call ${call.id}: first minute, reserved when the call was placed`,
      },
      { type: "debit", item: "call_minute", quantity: 1, amount: "-0.02", description: `Call ${call.id}: minute 2` },
    ]);
  });
});

describe("calls: history", () => {
  it("pages newest first and filters by status, startTime, leg, application and user", async () => {
    const guid = await newUser();
    const first = await connected(guid);
    const busy = await place(guid, [phone(), phone("0002")]);
    expect(busy.status).toBe(409);
    const special = phone();
    const third = await connected(guid, [special, phone()]);

    const page = await app("GET", `/calls/${guid}?count=2`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ startIndex: 0, itemsPerPage: 2, totalResults: 3 });
    expect(page.body.entry.map((c: { id: number }) => c.id)).toEqual([third.id, busy.body.callId]);
    const next = await app("GET", `/calls/${guid}?count=2&startIndex=2`);
    expect(next.body.entry.map((c: { id: number }) => c.id)).toEqual([first.id]);

    const ids = async (query: string) => {
      const res = await app("GET", `/calls/${guid}?${query}`);
      expect(res.status, res.text).toBe(200);
      return res.body.entry.map((c: { id: number }) => c.id);
    };
    expect(await ids("filterBy=status&filterValue=BUSY")).toEqual([busy.body.callId]);
    expect(await ids(`filterBy=leg&filterValue=${encodeURIComponent(digitsOf(special))}`)).toEqual([third.id]);
    expect(await ids(`filterBy=application.id&filterValue=${APP_ID}`)).toHaveLength(3);
    expect(await ids("filterBy=application.id&filterValue=demo:nobody")).toEqual([]);
    expect(await ids("filterBy=application.domain.name&filterValue=demo")).toHaveLength(3);
    expect(await ids(`filterBy=user.guid&filterValue=${guid}`)).toHaveLength(3);
    const today = (await getCall(guid, first.id)).startTime.slice(0, 10);
    expect(await ids(`filterBy=startTime&filterOp=startsWith&filterValue=${today}`)).toHaveLength(3);
    expect(await ids("filterBy=startTime&filterOp=startsWith&filterValue=1999")).toEqual([]);
    const unknown = await app("GET", `/calls/${guid}?filterBy=colour&filterValue=red`);
    expect(unknown.status).toBe(400);
  });

  it("hides another domain's calls (404) and users", async () => {
    const guid = await newUser();
    const call = await connected(guid);
    expect((await other("GET", `/calls/${guid}/${call.id}`)).status).toBe(404);
    expect((await other("GET", `/calls/${guid}`)).status).toBe(404);
    expect((await other("PUT", `/calls/${guid}/${call.id}`, { json: { mode: "hold" } })).status).toBe(404);
    expect((await other("POST", `/calls/${guid}`, { json: { legs: [phone(), phone()] } })).status).toBe(404);
    // Another user's token sees only its own calls.
    const stranger = await createLoggedInUser(baseUrl);
    expect((await client(baseUrl, stranger.creds)("GET", `/calls/${guid}/${call.id}`)).status).toBe(404);
  });
});

describe("calls: Idempotency-Key", () => {
  it("replays the first response for the same key and body, without a second call", async () => {
    const guid = await newUser();
    const key = randomUUID();
    const legs = [phone(), phone()];
    const first = await place(guid, legs, {}, { "Idempotency-Key": key });
    expect(first.status, first.text).toBe(201);
    const again = await place(guid, legs, {}, { "Idempotency-Key": key });
    expect(again.status).toBe(201);
    expect(again.headers.get("location")).toBe(first.headers.get("location"));
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect((await app("GET", `/calls/${guid}`)).body.totalResults).toBe(1);

    // An error response is kept too.
    const busyKey = randomUUID();
    const busyLegs = [phone(), phone("0002")];
    const busy = await place(guid, busyLegs, {}, { "Idempotency-Key": busyKey });
    const busyAgain = await place(guid, busyLegs, {}, { "Idempotency-Key": busyKey });
    expect([busy.status, busyAgain.status]).toEqual([409, 409]);
    expect(busyAgain.body.callId).toBe(busy.body.callId);
    expect((await app("GET", `/calls/${guid}`)).body.totalResults).toBe(2);
  });

  it("answers 409 for the same key with a different body; other callers' keys are their own", async () => {
    const guid = await newUser();
    const key = randomUUID();
    expect((await place(guid, [phone(), phone()], {}, { "Idempotency-Key": key })).status).toBe(201);
    const different = await place(guid, [phone(), phone()], {}, { "Idempotency-Key": key });
    expect(different.status).toBe(409);
    expect(different.body.code).toBe("idempotency_key_reused");
    expect((await app("GET", `/calls/${guid}`)).body.totalResults).toBe(1);
    const badKey = await place(guid, [phone(), phone()], {}, { "Idempotency-Key": "x".repeat(300) });
    expect(badKey.status).toBe(400);
  });
});

describe("simulator: inbound calls", () => {
  it("rings the user's purpose number and ends as NOANSWER when nobody answers", async () => {
    const guid = await newUser();
    const number = await app("POST", `/devices/${guid}`, { json: { id: "@purpose/AUS" } });
    expect(number.status, number.text).toBe(201);
    const caller = phone();
    const res = await app("POST", "/simulator/inbound-call", { json: { from: caller, to: number.body.entry.id } });
    expect(res.status, res.text).toBe(201);
    const call = res.body.entry;
    expect(res.headers.get("location")).toBe(`${baseUrl}/rest/1.0/calls/${guid}/${call.id}`);
    expect(call).toMatchObject({ outbound: false, active: true, status: "RINGING", user: guid });
    expect(call.legs.map((l: { address: string; status: string }) => [l.address, l.status])).toEqual([
      [digitsOf(caller), "ANSWERED"],
      [number.body.entry.id, "RINGING"],
    ]);
    await advance(21);
    const ended = await waitFor(async () => {
      const c = await getCall(guid, call.id);
      return c.active ? undefined : c;
    });
    expect(ended).toMatchObject({ status: "NOANSWER", reason: expect.stringMatching(/^nobody answered/) });
    expect(ended.legs[1].status).toBe("NOANSWER");
  });

  it("answers 404 for a number no user of the application's domain holds, 400 for a bad body", async () => {
    const res = await app("POST", "/simulator/inbound-call", { json: { from: phone(), to: "service:15550000000" } });
    expect(res.status).toBe(404);
    const bad = await app("POST", "/simulator/inbound-call", { json: { from: "fax:1", to: "service:15550000000" } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe("from");
    const clock = await app("POST", "/simulator/clock", { json: { advanceSeconds: 0 } });
    expect(clock.status).toBe(400);
    expect(clock.body.errors[0].field).toBe("advanceSeconds");
  });
});

describe("simulator: each domain's clock", () => {
  /** Moves the other domain's clock through its test-tool application; answers the clock's offset. */
  async function moveOtherClock(advanceSeconds: number): Promise<number> {
    const res = await otherTestTool("POST", "/simulator/clock", { json: { advanceSeconds } });
    expect(res.status, res.text).toBe(200);
    return res.body.entry.offsetSeconds;
  }
  const otherUser = async () => {
    const res = await other("POST", "/users", { json: { login: uniqueLogin("other-caller"), password: "call-pass-123" } });
    expect(res.status, res.text).toBe(201);
    return res.body.entry.guid as string;
  };

  it("moves only the calls of the caller's domain: no call, bill or event of another domain moves", async () => {
    // Tenant B (demo) and tenant A (other) each have a connected call; A moves its clock two hours.
    const guid = await newUser();
    const call = await connected(guid);
    const otherGuid = await otherUser();
    const otherCall = await other("POST", `/calls/${otherGuid}`, { json: { legs: [phone(), phone("0001")] } });
    expect(otherCall.status, otherCall.text).toBe(201);
    expect(await moveOtherClock(7200)).toBeGreaterThanOrEqual(7200);

    // B hangs up within the same minute: one started minute, on B's own clock.
    const ended = await app("PUT", `/calls/${guid}/${call.id}`, { json: { active: false } });
    expect(ended.status, ended.text).toBe(200);
    expect(ended.body.entry).toMatchObject({ status: "COMPLETED", active: false });
    expect(ended.body.entry.duration).toBeLessThan(60);
    // Every time of B's call lies within its own minute (B's clock may run ahead from earlier tests, by far less than two hours).
    const [start, end] = [Date.parse(ended.body.entry.startTime), Date.parse(ended.body.entry.endTime)];
    expect(end - start).toBeLessThan(60_000);
    const within = (iso: unknown) => Date.parse(String(iso)) >= start && Date.parse(String(iso)) <= end;
    const cost = await waitForEvent(call.id, "CallCost");
    expect(cost.params).toMatchObject({ status: "charged", minutes: 1, charged: 1, unpaidMinutes: 0, amount: "0.02", currency: "USD" });
    expect((await waitForEvent(call.id, "CallCompleted")).params.duration).toBeLessThan(60);
    const events = await eventsOf(call.id);
    expect(events.filter((e) => e.type === "CallLegAnswered").map((e) => within(e.params.answered_timestamp))).toEqual([true, true]);
    const ledger = await app("GET", `/billing/${guid}/ledger?count=100`);
    const charged = (ledger.body.entry as Array<{ reference: string; amount: string }>).filter((e) => e.reference === `call:${call.id}`);
    expect(charged.reduce((sum, e) => sum + Number(e.amount), 0).toFixed(2)).toBe("-0.02");

    // A's own call did move: two hours and a started minute.
    const otherEnded = await other("PUT", `/calls/${otherGuid}/${otherCall.body.entry.id}`, { json: { active: false } });
    expect(otherEnded.status, otherEnded.text).toBe(200);
    expect(otherEnded.body.entry.duration).toBeGreaterThanOrEqual(7200);
    const otherCost = await waitFor(
      async () => (await eventsOf(otherCall.body.entry.id, "CallCost", other, "other:other-app"))[0],
      10_000,
      "the other call's CallCost",
    );
    // Two hours and whatever part of a minute the call had run: 120 started minutes, or 121.
    expect([120, 121]).toContain(otherCost.params.minutes);
    expect(otherCost.params.charged).toBe(otherCost.params.minutes);
  });

  it("answers 403 to a user's token and to an application not marked as a test tool, and moves nothing", async () => {
    const before = await moveOtherClock(1);
    // A user of the test tool's own domain, signed in through the test tool: still a user's token.
    const user = await createLoggedInUser(baseUrl, specialApps.testTool);
    const byUser = await client(baseUrl, user.creds)("POST", "/simulator/clock", { json: { advanceSeconds: 7200 } });
    expect(byUser.status, byUser.text).toBe(403);
    expect(byUser.body).toMatchObject({ code: "forbidden" });
    expect(byUser.body.detail).toMatch(/user's token cannot move the simulator's clock/);
    const byUnmarked = await other("POST", "/simulator/clock", { json: { advanceSeconds: 7200 } });
    expect(byUnmarked.status, byUnmarked.text).toBe(403);
    expect(byUnmarked.body.detail).toMatch(/other:other-app is not marked as a test tool/);
    expect(await moveOtherClock(1)).toBe(before + 1);
  });

  it("shows testTool on the application; an application cannot mark itself", async () => {
    expect((await app("GET", `/apps/${APP_ID}`)).body.entry.testTool).toBe(true); // the seeded demo application
    expect((await other("GET", "/apps/other:other-app")).body.entry.testTool).toBe(false);
    const grant = await other("PUT", "/apps/other:other-app", { json: { testTool: true } });
    expect(grant.status, grant.text).toBe(400);
    expect(grant.body.errors).toEqual([{ field: "testTool", message: "is read-only" }]);
    expect((await other("GET", "/apps/other:other-app")).body.entry.testTool).toBe(false);
    expect((await other("POST", "/simulator/clock", { json: { advanceSeconds: 1 } })).status).toBe(403);
  });
});
