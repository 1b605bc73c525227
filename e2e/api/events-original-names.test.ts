import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, otherApp, type Credentials } from "../support/api-client";
import { otherTenant, specialApps } from "../support/fixtures";
import { startReceiver, waitFor, type Received } from "../support/receiver";
import { startServer, type TestServer } from "../support/server";
import { leaveVoicemail, userWithPurposeNumber } from "../support/voicemail";

// Two applications of the "other" domain: other-app switched to the original platform's event
// names, events-app left on current; each posts to its own loopback receiver. Its own server, so a
// minute can cost 249.50 USD: the domain's seeded account (500.00, low at 10.00) pays a purpose
// number (1.00) and two one-minute calls, and the second runs it out. The tests run in order.
const PRICES = JSON.stringify({ USD: { purpose_number_month: "1.00", call_minute: "249.50", sms: "0.01" } });
const original = { creds: otherApp, id: `${otherTenant.domain}:${otherTenant.appName}` };
const current = {
  creds: { consumerKey: specialApps.events.consumerKey, consumerSecret: specialApps.events.consumerSecret },
  id: `${otherTenant.domain}:${specialApps.events.name}`,
};

let server: TestServer;
/** A user of other-app holding a purpose number, from the voicemail test. */
let numberHolder: Awaited<ReturnType<typeof userWithPurposeNumber>>;
let receivers: { original: Awaited<ReturnType<typeof startReceiver>>; current: Awaited<ReturnType<typeof startReceiver>> };
const api = (creds: Credentials, method: string, path: string, json?: unknown) =>
  call(server.baseUrl, creds, method, path, json === undefined ? {} : { json });

beforeAll(async () => {
  server = await startServer({ postgresUrl: process.env.TEST_DATABASE_URL || undefined, env: { BILLING_PRICES: PRICES } });
  receivers = { original: await startReceiver(), current: await startReceiver() };
}, 180_000);

afterAll(async () => {
  await receivers?.original.close();
  await receivers?.current.close();
  await server?.stop();
}, 120_000);

/**
 * The webhook bodies a receiver got whose params match, by type, once `types` have all come (in any
 * order; a type listed twice must have come twice).
 */
async function received(receiver: { received: Received[] }, match: (params: Record<string, unknown>) => boolean, types: string[]) {
  const ofType = (type: string) => receiver.received.map((r) => r.event).filter((e) => e.type === type && match(e.params));
  await waitFor(() => types.every((t) => ofType(t).length >= types.filter((u) => u === t).length), 20_000, types.join(", "));
  return ofType;
}

/** Types only one of the namings sends: the current receiver must never see the first, the original one never the second. */
const RENAMED = {
  current: ["CallCost", "NewVoicemail", "MessageDeleted", "TranscriptionReady", "CreditExhausted"],
  original: [
    "cc_call_incoming",
    "cc_call_stopringing",
    "cc_call_hangup",
    "cc_call_vmpickup",
    "CALL_COST",
    "newvoicemail",
    "deletemessage",
    "transcribedata",
    "CREDIT_ALL_GONE",
  ],
};

describe("event names of the original platform", () => {
  it("is an application setting: current by default, set and shown through PUT and GET /apps, a bad value a 400 that changes nothing", async () => {
    expect((await api(original.creds, "GET", `/apps/${original.id}`)).body.entry.eventNames).toBe("current");
    const bad = await api(original.creds, "PUT", `/apps/${original.id}`, { eventNames: "ribbit", notificationUrl: receivers.original.url });
    expect(bad.status, bad.text).toBe(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ field: "eventNames" })]);
    const unchanged = (await api(original.creds, "GET", `/apps/${original.id}`)).body.entry;
    expect([unchanged.eventNames, unchanged.notificationUrl]).toEqual(["current", undefined]);

    const set = await api(original.creds, "PUT", `/apps/${original.id}`, { eventNames: "original", notificationUrl: receivers.original.url });
    expect(set.status, set.text).toBe(200);
    expect(set.body.entry).toMatchObject({ eventNames: "original", notificationUrl: receivers.original.url });
    // Its own GET representation goes back unchanged.
    const again = await api(original.creds, "PUT", `/apps/${original.id}`, (await api(original.creds, "GET", `/apps/${original.id}`)).body.entry);
    expect(again.status, again.text).toBe(200);
    expect(again.body.entry.eventNames).toBe("original");

    const untouched = await api(current.creds, "PUT", `/apps/${current.id}`, { notificationUrl: receivers.current.url });
    expect(untouched.body.entry.eventNames).toBe("current");
  }, 60_000);

  it("an inbound call nobody answers, its voicemail, transcript and deletion: cc_call_*, newvoicemail, transcribedata, deletemessage", async () => {
    const user = (numberHolder = await userWithPurposeNumber(server.baseUrl, original.creds));
    const services = await api(original.creds, "GET", `/services/${user.guid}`);
    const transcription = (services.body.entry as Array<{ id: string; type: string }>).find((s) => s.type === "Transcription")!;
    expect((await api(original.creds, "PUT", `/services/${user.guid}/${encodeURIComponent(transcription.id)}`, { voicemail: true })).status).toBe(
      200,
    );
    const { callId, from, message } = await leaveVoicemail(server.baseUrl, user, undefined, original.creds, specialApps.testTool);

    const ofCall = (params: Record<string, unknown>) => params.callid === Number(callId);
    const callEvents = await received(receivers.original, ofCall, ["cc_call_incoming", "cc_call_stopringing", "cc_call_hangup", "cc_call_vmpickup"]);
    const callResource = `${server.baseUrl}/rest/1.0/calls/${user.guid}/${callId}`;
    const dest = `service:${user.number}`;
    expect(callEvents("cc_call_incoming")).toEqual([
      expect.objectContaining({
        resource: callResource,
        params: expect.objectContaining({ callId: Number(callId), guid: user.guid, source: from, dest, outbound: false }),
      }),
    ]);
    const [ringOut] = callEvents("cc_call_stopringing");
    expect(ringOut.params).toMatchObject({
      callId: Number(callId),
      status: "NOANSWER",
      call_leg_status: "NOANSWER",
      call_leg_uri: `${callResource}/${ringOut.params.leg}`,
    });
    expect(callEvents("cc_call_hangup")[0].params).toMatchObject({
      callId: Number(callId),
      call_leg_status: "HUNGUP",
      call_leg_uri: expect.stringMatching(new RegExp(`^${callResource}/\\d+$`)),
    });
    expect(callEvents("cc_call_vmpickup")[0].params).toMatchObject({
      callId: Number(callId),
      guid: user.guid,
      source: from,
      dest,
      status: "NOANSWER",
    });

    const ofMessage = (params: Record<string, unknown>) => params.id === message.id;
    const originalMessages = await received(receivers.original, ofMessage, ["newvoicemail", "transcribedata"]);
    expect(originalMessages("newvoicemail")[0].params).toMatchObject({ guid: user.guid, callId, senderId: from, title: message.title });
    expect(originalMessages("transcribedata")[0].params).toMatchObject({
      guid: user.guid,
      callId,
      transcript: expect.stringContaining(`call:${callId}/`),
    });
    const currentMessages = await received(receivers.current, ofMessage, ["NewVoicemail", "TranscriptionReady"]);
    expect(currentMessages("NewVoicemail")[0].params).not.toHaveProperty("senderId");

    // Deleted twice: moved to "deleted", then removed for good.
    expect((await api(original.creds, "DELETE", `/messages/${user.guid}/inbox/${message.id}`)).status).toBeLessThan(300);
    expect((await api(original.creds, "DELETE", `/messages/${user.guid}/deleted/${message.id}`)).status).toBeLessThan(300);
    const deleted = (await received(receivers.original, ofMessage, ["deletemessage"]))("deletemessage");
    expect(deleted[0].params).toEqual({ guid: user.guid, id: message.id, callId, senderId: from, title: message.title, body: null, purged: false });
    expect((await received(receivers.current, ofMessage, ["MessageDeleted"]))("MessageDeleted")[0].params).toEqual(deleted[0].params);

    // The delivery log holds what was sent.
    const log = await api(original.creds, "GET", `/apps/${original.id}/events?filterBy=type&filterValue=cc_call_vmpickup`);
    expect(log.body.entry.map((e: { payload: unknown }) => e.payload)).toContainEqual(callEvents("cc_call_vmpickup")[0]);
  }, 120_000);

  it(
    "calls placed through the API, answered and hung up, until the credit is all gone: the leg " +
      "params, CALL_COST, CREDIT_ALL_GONE; current names on the other application",
    async () => {
      const created = await api(original.creds, "POST", "/users", { login: `caller-${Date.now().toString(36)}`, password: "call-pass-123" });
      expect(created.status, created.text).toBe(201);
      const guid = created.body.entry.guid as string;
      const billing = await api(original.creds, "GET", `/billing/${guid}`);
      expect(billing.body.entry.balance).toBe("499.00"); // 500.00 less the purpose number of the test before

      const callThrough = async (app: typeof original) => {
        const placed = await api(app.creds, "POST", `/calls/${guid}`, { legs: ["tel:+1 555 010 7777", "tel:+1 555 020 0001"] });
        expect(placed.status, placed.text).toBe(201);
        const hungUp = await api(app.creds, "PUT", `/calls/${guid}/${placed.body.entry.id}`, { active: false });
        expect(hungUp.body.entry.status).toBe("COMPLETED");
        return placed.body.entry as { id: number; legs: Array<{ id: number }> };
      };
      const first = await callThrough(original);
      const second = await callThrough(current);

      const bothLegs = ["CallLegAnswered", "CallLegAnswered", "CallLegHungUp", "CallLegHungUp"];
      const firstEvents = await received(receivers.original, (p) => p.callid === first.id, [...bothLegs, "CALL_COST"]);
      const firstResource = `${server.baseUrl}/rest/1.0/calls/${guid}/${first.id}`;
      const byLeg = (a: { params: { leg: number } }, b: { params: { leg: number } }) => a.params.leg - b.params.leg;
      expect(
        firstEvents("CallLegAnswered")
          .sort(byLeg)
          .map((e) => e.params),
      ).toEqual(
        first.legs.map((leg) =>
          expect.objectContaining({
            leg: leg.id,
            call_leg_uri: `${firstResource}/${leg.id}`,
            call_leg_status: "ANSWERED",
            answered_timestamp: expect.any(String),
          }),
        ),
      );
      expect(firstEvents("CallLegHungUp").map((e) => e.params.call_leg_status)).toEqual(["HUNGUP", "HUNGUP"]);
      expect(firstEvents("CALL_COST")[0].params).toMatchObject({ status: "charged", minutes: 1, amount: "249.50", balance: "249.50" });

      const secondEvents = await received(receivers.current, (p) => p.callid === second.id, [...bothLegs, "CallCost"]);
      for (const e of [...secondEvents("CallLegAnswered"), ...secondEvents("CallLegHungUp")]) expect(e.params).not.toHaveProperty("call_leg_uri");
      expect(secondEvents("CallCost")[0].params).toMatchObject({ status: "charged", balance: "0.00" });

      const ofAccount = (params: Record<string, unknown>) => params.userId === guid;
      const originalCredit = await received(receivers.original, ofAccount, ["CREDIT_ALL_GONE", "CreditLow"]);
      expect(originalCredit("CREDIT_ALL_GONE")[0].params).toMatchObject({ balance: "0.00", currency: "USD", userId: guid });
      const currentCredit = await received(receivers.current, ofAccount, ["CreditExhausted", "CreditLow"]);
      expect(currentCredit("CreditExhausted")[0].params).toEqual(originalCredit("CREDIT_ALL_GONE")[0].params);
    },
    120_000,
  );

  it("each application got only its own naming; switched back to current, new events are current and a replay resends the original body", async () => {
    const types = (receiver: { received: Received[] }) => new Set(receiver.received.map((r) => r.event.type));
    expect([...types(receivers.original)].filter((t) => RENAMED.current.includes(t))).toEqual([]);
    expect([...types(receivers.current)].filter((t) => RENAMED.original.includes(t))).toEqual([]);
    for (const t of RENAMED.original) expect(types(receivers.original), t).toContain(t);

    expect((await api(original.creds, "PUT", `/apps/${original.id}`, { eventNames: "current" })).body.entry.eventNames).toBe("current");
    const incoming = receivers.original.received.find((r) => r.event.type === "cc_call_incoming")!.event;
    const replay = await api(original.creds, "POST", `/apps/${original.id}/events/${incoming.id}/replay`);
    expect(replay.status, replay.text).toBe(202);
    await waitFor(() => receivers.original.received.filter((r) => r.event.id === incoming.id).length === 2, 15_000, "the replay");
    expect(receivers.original.received.filter((r) => r.event.id === incoming.id).map((r) => r.event)).toEqual([incoming, incoming]);

    // The credit is gone: the number holder of the voicemail test takes another unanswered call (free).
    const { callId } = await leaveVoicemail(server.baseUrl, numberHolder, undefined, original.creds, specialApps.testTool);
    const now = await received(receivers.original, (p) => p.callid === Number(callId), ["CallInitiated", "CallCompleted"]);
    expect(now("CallInitiated")[0].params).not.toHaveProperty("callId");
  }, 120_000);
});
