import { getBillingAccountOrThrow } from "@/lib/billing/get-billing-account";
import { forgetCachedCredentials } from "@/lib/http/oauth/credential-cache";
import { assertDeliverableUrl } from "@/lib/outbox/ssrf";
import { notFound } from "@/lib/core/errors/api-error";
import { withoutUnchangedReadOnly } from "@/lib/http/rest/read-only-fields";
import type { Actor } from "@/lib/core/tenancy/actor";
import { scopedDb } from "@/lib/core/tenancy/scoped-db";
import { getOwnApplicationOrThrow } from "./get-application";
import { APPLICATION_READ_ONLY, type ApplicationChanges } from "./schemas";
import { toApplicationEntry } from "./transform";

/**
 * Changes an application's settings. Through the API an application changes only itself
 * (notificationUrl, allow2legged, eventNames; read-only fields of its GET representation are accepted unchanged);
 * the developer changes any of theirs in the portal, with every setting.
 */
export async function updateApplication(actor: Actor, ref: string, input: ApplicationChanges | Record<string, unknown>) {
  const app = await getOwnApplicationOrThrow(actor, ref);
  const changes: ApplicationChanges =
    actor.kind === "developer"
      ? (input as ApplicationChanges)
      : (withoutUnchangedReadOnly(input, toApplicationEntry(app), APPLICATION_READ_ONLY) as ApplicationChanges);
  if (changes.notificationUrl) await assertDeliverableUrl(changes.notificationUrl);
  if (changes.defaultBillingAccountId) await getBillingAccountOrThrow(actor, changes.defaultBillingAccountId);
  // A new URL re-enables an endpoint that answered 410 Gone.
  const urlChanged = changes.notificationUrl !== undefined && changes.notificationUrl !== app.notificationUrl;
  const { count } = await scopedDb(actor).application.updateMany({
    where: { id: app.id },
    data: { ...changes, ...(urlChanged ? { webhookDisabledAt: null } : {}) },
  });
  if (count === 0) throw notFound(`Application ${ref}`);
  forgetCachedCredentials();
  return toApplicationEntry(await scopedDb(actor).application.findUniqueOrThrow({ where: { id: app.id }, include: { domain: true } }));
}
