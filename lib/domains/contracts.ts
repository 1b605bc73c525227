import { z } from "zod";
import { defineContract } from "@/lib/http/rest/contract";
import type { Filterable } from "@/lib/http/rest/list-query";
import { domainBodySchema, domainEntrySchema } from "./schemas";

const domainFilterable: Filterable = {
  name: { type: "string", column: "name" },
  owner: { type: "uuid", column: "ownerId" },
};

const ownerHeader = "Two-legged only. X-Service-SP-UserId, when sent, must be the GUID of the developer who owns the application's domain.";

export const listDomainsContract = defineContract({
  operationId: "listDomains",
  method: "GET",
  path: "/domains",
  tag: "Domains",
  summary: "List domains",
  description: "All domains are private: the application's own domain and the domains it created; with a user's token, the user's domain.",
  auth: "application",
  list: domainFilterable,
  success: { status: 200, description: "A page of domains.", entry: domainEntrySchema },
});

export const createDomainContract = defineContract({
  operationId: "createDomain",
  method: "POST",
  path: "/domains",
  tag: "Domains",
  summary: "Create a domain",
  description: `${ownerHeader} The domain belongs to that developer and is visible to the application that created it.`,
  auth: "application",
  body: domainBodySchema,
  example: { name: "example-domain" },
  success: { status: 201, description: "Created; Location names the domain.", entry: domainEntrySchema },
  location: "/domains/{name}",
});

export const deleteDomainContract = defineContract({
  operationId: "deleteDomain",
  method: "DELETE",
  path: "/domains",
  tag: "Domains",
  summary: "Delete a domain",
  description: `${ownerHeader} Only a domain this application created, once it holds no applications and no users (409 otherwise).`,
  auth: "application",
  body: domainBodySchema,
  example: { name: "example-domain" },
  success: { status: 204, description: "Deleted." },
});

export const getDomainContract = defineContract({
  operationId: "getDomain",
  method: "GET",
  path: "/domains/{name}",
  tag: "Domains",
  summary: "Get a domain",
  auth: "application",
  params: z.object({ name: z.string().min(1).max(63).meta({ description: "The domain name." }) }),
  success: { status: 200, description: "The domain.", entry: domainEntrySchema },
});
