import type { Application, Domain } from "@prisma/client";

export const applicationPublicId = (domainName: string, appName: string) => `${domainName}:${appName}`;

/** The public shape of an application (spec "Application"): never its consumer secret. */
export function toApplicationEntry(app: Application & { domain: Domain }) {
  return {
    id: applicationPublicId(app.domain.name, app.name),
    domain: app.domain.name,
    name: app.name,
    description: app.description,
    createdWith: app.createdWith,
    createdBy: app.createdById,
    created: app.createdAt.toISOString(),
    visible: app.visible,
    suspended: app.suspended,
    allow2legged: app.allow2legged,
    template: app.template,
    notificationUrl: app.notificationUrl ?? undefined,
  };
}

export type ApplicationEntry = ReturnType<typeof toApplicationEntry>;
