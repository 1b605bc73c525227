import { z } from "zod";
import { numberEntrySchema, numberFilterable, searchNumbersQuery } from "@/lib/numbers/schemas";
import { defineContract } from "@/lib/http/rest/contract";
import type { Filterable } from "@/lib/http/rest/list-query";
import { guidParam, isStorableText } from "@/lib/core/validation";
import { createDeviceSchema, deviceEntrySchema, updateDeviceSchema } from "./schemas";

export const deviceFilterable: Filterable = {
  id: { type: "string", column: "address" },
  label: { type: "string", column: "label", nullable: true },
  name: { type: "string", column: "name", nullable: true },
  carrier: { type: "string", column: "carrier", nullable: true },
  createdOn: { type: "datetime", column: "createdAt" },
};

const guid = guidParam.meta({ description: "The user's GUID." });
const userPath = z.object({ guid });
const devicePath = z.object({
  guid,
  deviceId: z
    .string()
    .min(3)
    .max(300)
    .refine(isStorableText)
    .meta({ description: "The device id, URL-encoded: tel:442079460000, mailto:ada%40example.com, service:447700900123." }),
});

export const listDevicesContract = defineContract({
  operationId: "listDevices",
  method: "GET",
  path: "/devices/{guid}",
  tag: "Devices",
  summary: "List a user's devices",
  description: "The user's own token, or its application two-legged. Oldest first: the default device leads.",
  auth: "application",
  params: userPath,
  list: deviceFilterable,
  success: { status: 200, description: "A page of devices.", entry: deviceEntrySchema },
});

export const searchNumbersContract = defineContract({
  operationId: "searchPurposeNumbers",
  method: "GET",
  path: "/devices/@purpose",
  servedBy: "/devices/{guid}",
  tag: "Devices",
  summary: "Search free purpose numbers",
  description:
    "Free numbers of the inventory, by country (location, ISO 3166 alpha-3), number (id) or " +
    "status. Both filter forms work: `?filterBy=location&filterValue=GBR&count=10`, and the " +
    "original clients' " +
    "`?maxResults=10&filterBy=status,location,id&filterOp=all&filterValue=available,USA,*555*`. " +
    "Shares the path shape of /devices/{guid}: `@purpose` is never a GUID.",
  auth: "application",
  query: searchNumbersQuery,
  list: numberFilterable,
  success: { status: 200, description: "A page of free numbers.", entry: numberEntrySchema },
});

export const createDeviceContract = defineContract({
  operationId: "createDevice",
  method: "POST",
  path: "/devices/{guid}",
  tag: "Devices",
  summary: "Add a device, or allocate a purpose number",
  description:
    "An address (tel:, sip:, skype:, xmpp:, mailto:) is normalized and must be new in the " +
    "domain (409). mailto: devices get a verification email; a tel: device with verifyBy " +
    "ccfTest gets its call forwarding check at once (the answer shows ccfCheck passed or " +
    "failed). `@purpose/<alpha-3>` allocates a free number of that country, " +
    "`@purpose/tel:<number>` that number, `@sms/<alpha-3>` an SMS-capable one: the device is " +
    "service:<number>, and the user's billing account pays the first month (403 " +
    "billing_required without one).",
  auth: "application",
  params: userPath,
  body: createDeviceSchema,
  example: { id: "tel:+44 20 7946 0123", name: "Office", label: "work" },
  success: { status: 201, description: "Added; Location names the device.", entry: deviceEntrySchema },
  location: "/devices/{guid}/{id}",
});

export const getDeviceContract = defineContract({
  operationId: "getDevice",
  method: "GET",
  path: "/devices/{guid}/{deviceId}",
  tag: "Devices",
  summary: "Get a device",
  auth: "application",
  params: devicePath,
  success: { status: 200, description: "The device.", entry: deviceEntrySchema },
});

export const updateDeviceContract = defineContract({
  operationId: "updateDevice",
  method: "PUT",
  path: "/devices/{guid}/{deviceId}",
  tag: "Devices",
  summary: "Change a device, or verify it",
  description:
    'label, name, carrier, key and the boolean options. `{"verifyCode": "123456"}` confirms an ' +
    'email device with the code of its verification email; `{"verifyBy": "mailCheck"}` sends a ' +
    'new one; `{"verifyBy": "ccfTest"}` asks for a phone\'s call forwarding check. Accepts the ' +
    "device's own GET representation.",
  auth: "application",
  params: devicePath,
  body: updateDeviceSchema,
  example: { label: "home", notifyvm: true },
  success: { status: 200, description: "The changed device.", entry: deviceEntrySchema },
});

export const deleteDeviceContract = defineContract({
  operationId: "deleteDevice",
  method: "DELETE",
  path: "/devices/{guid}/{deviceId}",
  tag: "Devices",
  summary: "Remove a device",
  description:
    "Answers 200 with the removed device and a REMOVED header holding its path, as the spec's " +
    "example shows. The default device goes only when the user has another (409 otherwise), " +
    "which becomes the default. A purpose number returns to the inventory after a quarantine.",
  auth: "application",
  params: devicePath,
  success: { status: 200, description: "Removed.", entry: deviceEntrySchema, pathHeaders: { REMOVED: "/devices/{guid}/{id}" } },
});
