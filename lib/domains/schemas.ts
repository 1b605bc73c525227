import { z } from "zod";
import { domainName, guid } from "@/lib/core/validation";

export const domainEntrySchema = z
  .object({ name: z.string(), owner: guid.meta({ description: "GUID of the developer who owns the domain." }) })
  .meta({ id: "Domain" });
export type DomainEntry = z.infer<typeof domainEntrySchema>;

/** POST /domains and DELETE /domains both name the domain in the body (spec: Domains). */
export const domainBodySchema = z.strictObject({ name: domainName }).meta({ id: "DomainName" });

export const toDomainEntry = (d: { name: string; ownerId: string }): DomainEntry => ({ name: d.name, owner: d.ownerId });
