import { defineContract } from "@/lib/http/rest/contract";
import type { Filterable } from "@/lib/http/rest/list-query";
import { userPath } from "@/lib/http/rest/path-params";
import { createUserSchema, updateUserSchema, userEntrySchema } from "./schemas";

export const userFilterable: Filterable = {
  guid: { type: "uuid", column: "id" },
  login: { type: "string", column: "login" },
  "domain.name": { type: "string", column: "domain.name" },
  firstName: { type: "string", column: "firstName", nullable: true },
  lastName: { type: "string", column: "lastName", nullable: true },
  createdBy: { type: "uuid", column: "createdById", nullable: true },
  createdOn: { type: "datetime", column: "createdAt" },
  lastUsed: { type: "datetime", column: "lastUsedAt", nullable: true },
  pwdStatus: { type: "string", column: "pwdStatus" },
  accountId: { type: "uuid", column: "accountId", nullable: true },
};

export const listUsersContract = defineContract({
  operationId: "listUsers",
  method: "GET",
  path: "/users",
  tag: "Users",
  summary: "List users",
  description:
    "Two-legged: the users of the application's domain. With a user's token: only that user. " +
    "Filter by guid, login, domain.name, firstName, lastName, createdBy (a developer's GUID), " +
    "createdOn, lastUsed (the last sign-in), pwdStatus or accountId.",
  auth: "application",
  list: userFilterable,
  success: { status: 200, description: "A page of users.", entry: userEntrySchema },
});

export const createUserContract = defineContract({
  operationId: "createUser",
  method: "POST",
  path: "/users",
  tag: "Users",
  summary: "Create a user",
  description: "Two-legged only. The user joins the application's domain and gets a default device.",
  auth: "application",
  body: createUserSchema,
  example: { login: "ada", password: "correct-horse-battery", firstName: "Ada", lastName: "Lovelace" },
  success: { status: 201, description: "Created; Location names the new user.", entry: userEntrySchema },
  location: "/users/{guid}",
});

export const getUserContract = defineContract({
  operationId: "getUser",
  method: "GET",
  path: "/users/{guid}",
  tag: "Users",
  summary: "Get a user",
  auth: "application",
  params: userPath,
  success: { status: 200, description: "The user.", entry: userEntrySchema },
});

export const updateUserContract = defineContract({
  operationId: "updateUser",
  method: "PUT",
  path: "/users/{guid}",
  tag: "Users",
  summary: "Change a user",
  description: "Accepts the user's own GET representation: read-only fields are ignored when unchanged.",
  auth: "application",
  params: userPath,
  body: updateUserSchema,
  example: { firstName: "Ada", locale: "en-GB" },
  success: { status: 200, description: "The changed user.", entry: userEntrySchema },
});

export const deleteUserContract = defineContract({
  operationId: "deleteUser",
  method: "DELETE",
  path: "/users/{guid}",
  tag: "Users",
  summary: "Delete a user",
  description: "Its devices and login sessions go with it.",
  auth: "application",
  params: userPath,
  success: { status: 204, description: "Deleted." },
});
