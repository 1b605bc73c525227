import { z } from "zod";
import { defineContract } from "@/lib/http/rest/contract";
import type { Filterable } from "@/lib/http/rest/list-query";
import { applicationEntrySchema, updateApplicationSchema } from "./schemas";

const applicationFilterable: Filterable = {
  name: { type: "string", column: "name" },
  createdOn: { type: "datetime", column: "createdAt" },
};

/** "<domain>:<application name>", as the spec names applications. */
export const appIdParam = z
  .string()
  .regex(/^[^:/]+:[^/]+$/, "must be <domain>:<application name>")
  .meta({ description: "<domain>:<application name>", example: "demo:demo-app" });

export const listApplicationsContract = defineContract({
  operationId: "listApplications",
  method: "GET",
  path: "/apps",
  tag: "Applications",
  summary: "List applications",
  description: "The applications of the caller's domain. Applications are created in the developer portal.",
  auth: "application",
  list: applicationFilterable,
  success: { status: 200, description: "A page of applications.", entry: applicationEntrySchema },
});

export const getApplicationContract = defineContract({
  operationId: "getApplication",
  method: "GET",
  path: "/apps/{appId}",
  tag: "Applications",
  summary: "Get an application",
  auth: "application",
  params: z.object({ appId: appIdParam }),
  success: { status: 200, description: "The application.", entry: applicationEntrySchema },
});

export const updateApplicationContract = defineContract({
  operationId: "updateApplication",
  method: "PUT",
  path: "/apps/{appId}",
  tag: "Applications",
  summary: "Change an application's notification URL, two-legged access or event names",
  description: "Only the application itself, two-legged. Accepts its own GET representation; read-only fields must be unchanged.",
  auth: "application",
  params: z.object({ appId: appIdParam }),
  body: updateApplicationSchema,
  example: { notificationUrl: "https://hooks.example.com/switchboard", allow2legged: true },
  success: { status: 200, description: "The changed application.", entry: applicationEntrySchema },
});
