import type { Application, Domain } from "@prisma/client";
import { prisma } from "@/lib/core/db/client";
import { ApiError } from "@/lib/core/errors/api-error";
import { log } from "@/lib/core/log";
import { isGuid } from "@/lib/core/validation";
import type { AuthUser } from "@/lib/http/rest/context";
import { applicationPublicId } from "@/lib/core/tenancy/public-ids";

// Service providers (an application setting, off by default): a two-legged request naming a user in
// X-BT-Ribbit-SP-UserId (the original libraries) or X-Service-SP-UserId (the spec) acts as that user
// of the application's own domain. Every such request is logged with both identities.

/** The header's value, when the request names a user to act as. */
export function namedServiceUser(request: Request): { header: string; value: string } | null {
  for (const header of ["x-bt-ribbit-sp-userid", "x-service-sp-userid"]) {
    const value = request.headers.get(header);
    if (value !== null) return { header, value: value.trim() };
  }
  return null;
}

/**
 * The user a two-legged request acts as, or null when it acts as the application. X-Service-SP-UserId
 * naming the domain's owner (POST /domains) or sent by an application that is not a service provider
 * keeps the application; X-BT-Ribbit-SP-UserId from such an application is refused (it would
 * otherwise silently act as the application). A user of another domain is a 404, like a made-up one.
 */
export async function serviceProviderUser(
  request: Request,
  application: Application & { domain: Domain },
  requestId: string | undefined,
): Promise<AuthUser | null> {
  const named = namedServiceUser(request);
  if (!named) return null;
  if (!application.serviceProvider) {
    if (named.header === "x-service-sp-userid") return null;
    throw new ApiError(
      "forbidden",
      "X-BT-Ribbit-SP-UserId is only accepted from applications marked as service providers (portal, application settings).",
    );
  }
  const guid = named.value.toLowerCase();
  if (named.header === "x-service-sp-userid" && guid === application.domain.ownerId) return null;
  const user = isGuid(guid) ? await prisma.user.findFirst({ where: { id: guid, domainId: application.domainId } }) : null;
  if (!user) throw new ApiError("not_found", `No user ${named.value.slice(0, 64)} in the domain ${application.domain.name}.`);
  if (user.suspended) throw new ApiError("forbidden", "This user is suspended. Contact the domain owner.");
  log.info("acting as user", {
    requestId,
    application: applicationPublicId(application.domain.name, application.name),
    userId: user.id,
    login: user.login,
    header: named.header,
  });
  return { id: user.id, login: user.login, domainId: user.domainId };
}
