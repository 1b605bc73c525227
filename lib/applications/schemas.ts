import { z } from "zod";
import { putBody } from "@/lib/http/rest/read-only-fields";
import { callbackUrlPrefixes } from "@/lib/http/oauth/callback-prefixes";
import { EVENT_NAMINGS } from "@/lib/outbox/original-names";
import { applicationName, domainName, guid, notificationUrl } from "@/lib/core/validation";

const eventNames = z.enum(EVENT_NAMINGS).meta({
  description:
    "How webhook events are named: current (today's types and params) or original (the original " +
    "platform's types, e.g. cc_call_incoming, newvoicemail, deletemessage, with its params " +
    "added; docs/webhooks.md).",
});

export const applicationEntrySchema = z
  .object({
    id: z.string().meta({ description: "<domain>:<application name>" }),
    domain: z.string(),
    name: z.string(),
    displayName: z.string().meta({ description: "Free text shown to developers and users; may hold spaces." }),
    description: z.string(),
    createdWith: z.string(),
    createdBy: guid,
    created: z.iso.datetime(),
    visible: z.boolean(),
    suspended: z.boolean(),
    allow2legged: z.boolean().meta({ description: "Whether requests signed with the consumer key alone are accepted." }),
    requireSignedBodies: z.boolean().meta({ description: "Whether JSON bodies must carry oauth_body_hash or xoauth_body_signature." }),
    allowJsonTunnel: z.boolean().meta({ description: "Whether the original JavaScript library's browser tunnel (GET ...&w=JS) is answered." }),
    legacyOAuth10: z.boolean().meta({ description: "Whether the original three-legged flow (OAuth 1.0, no verifier) is allowed." }),
    serviceProvider: z
      .boolean()
      .meta({ description: "Whether two-legged requests may act as a user of the domain (X-BT-Ribbit-SP-UserId / X-Service-SP-UserId)." }),
    testTool: z.boolean().meta({
      description:
        "Whether the application may move its domain's telephony simulator clock (POST /simulator/clock); only the developer sets it, in the portal.",
    }),
    callbackUrlPrefixes: z.array(z.string()).meta({ description: "Where three-legged flows may send the user back; none means oob only." }),
    template: z.array(z.unknown()),
    notificationUrl: z.string().optional(),
    eventNames,
  })
  .meta({ id: "Application" });

export type ApplicationEntry = z.infer<typeof applicationEntrySchema>;

const displayName = z.string().trim().max(100, "is at most 100 characters");
const description = z.string().trim().max(500, "is at most 500 characters");

export const APPLICATION_READ_ONLY = [
  "id",
  "domain",
  "name",
  "displayName",
  "description",
  "createdWith",
  "createdBy",
  "created",
  "visible",
  "suspended",
  "requireSignedBodies",
  "allowJsonTunnel",
  "legacyOAuth10",
  "serviceProvider",
  "testTool",
  "callbackUrlPrefixes",
  "template",
] as const;

/** What an application may change about itself through the API (PUT /apps/<domain>:<name>). */
export const updateApplicationSchema = putBody(
  { notificationUrl: notificationUrl.nullable().optional(), allow2legged: z.boolean().optional(), eventNames: eventNames.optional() },
  APPLICATION_READ_ONLY,
)
  .refine((v) => Object.keys(v).length > 0, "send notificationUrl, allow2legged and/or eventNames")
  .meta({ id: "UpdateApplication" });

/** What the developer may change in the portal: everything the API can, and more. */
export const applicationSettingsSchema = z.strictObject({
  displayName: displayName.optional(),
  description: description.optional(),
  notificationUrl: notificationUrl.nullable().optional(),
  allow2legged: z.boolean().optional(),
  eventNames: eventNames.optional(),
  requireSignedBodies: z.boolean().optional(),
  allowJsonTunnel: z.boolean().optional(),
  legacyOAuth10: z.boolean().optional(),
  serviceProvider: z.boolean().optional(),
  testTool: z.boolean().optional(),
  callbackUrlPrefixes: callbackUrlPrefixes.optional(),
  suspended: z.boolean().optional(),
  /** Users created through the application join this billing account (null: none). */
  defaultBillingAccountId: guid.nullable().optional(),
});

export type ApplicationChanges = z.infer<typeof applicationSettingsSchema>;

export const createApplicationSchema = z.object({
  name: applicationName,
  displayName: displayName.optional(),
  description: description.default(""),
  notificationUrl: notificationUrl.optional().or(z.literal("").transform(() => undefined)),
  /** A domain the developer owns, or a new one to create with the application. */
  domain: domainName,
});
