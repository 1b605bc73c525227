// Who is acting, as every service function sees it. The REST API acts as an application (two-legged)
// or as a user through an application (with an access token); the portal acts as a developer.

export interface ApplicationActor {
  kind: "application";
  applicationId: string;
  /** "<domain>:<name>", recorded as createdWith on what the application creates. */
  applicationPublicId: string;
  domainId: string;
  domainName: string;
}

export interface UserActor extends Omit<ApplicationActor, "kind"> {
  kind: "user";
  userId: string;
  /** Null when a service provider acts as the user two-legged (X-BT-Ribbit-SP-UserId). */
  tokenId: string | null;
}

export interface DeveloperActor {
  kind: "developer";
  developerId: string;
}

export type Actor = ApplicationActor | UserActor | DeveloperActor;
/** An actor of the REST API: always inside one application's domain. */
export type ApiActor = ApplicationActor | UserActor;

export const developerActor = (developerId: string): DeveloperActor => ({ kind: "developer", developerId });

/** What created a row: the application's public id through the API, "portal" for a developer. */
export const createdWithOf = (actor: Actor) => (actor.kind === "developer" ? "portal" : actor.applicationPublicId);
