import type { Application, Domain } from "@prisma/client";
import { applicationPublicId } from "@/lib/core/tenancy/public-ids";
import type { ApplicationEntry } from "./schemas";

/** The public shape of an application (spec "Application"): never its consumer secret. */
export function toApplicationEntry(app: Application & { domain: Domain }): ApplicationEntry {
  return {
    id: applicationPublicId(app.domain.name, app.name),
    domain: app.domain.name,
    name: app.name,
    displayName: app.displayName || app.name,
    description: app.description,
    createdWith: app.createdWith,
    createdBy: app.createdById,
    created: app.createdAt.toISOString(),
    visible: app.visible,
    suspended: app.suspended,
    allow2legged: app.allow2legged,
    requireSignedBodies: app.requireSignedBodies,
    allowJsonTunnel: app.allowJsonTunnel,
    legacyOAuth10: app.legacyOAuth10,
    serviceProvider: app.serviceProvider,
    testTool: app.testTool,
    callbackUrlPrefixes: app.callbackUrlPrefixes,
    template: app.template as unknown[],
    notificationUrl: app.notificationUrl ?? undefined,
    eventNames: app.eventNames as ApplicationEntry["eventNames"],
  };
}

/** The portal's view: the public entry plus the internal id for URLs and the consumer key. */
export const toPortalApplication = (app: Application & { domain: Domain }) => ({
  ...toApplicationEntry(app),
  internalId: app.id,
  consumerKey: app.consumerKey,
  defaultBillingAccountId: app.defaultBillingAccountId,
});
