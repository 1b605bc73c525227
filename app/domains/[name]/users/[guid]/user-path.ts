/** The portal page of one user and its devices. */
export const userPagePath = (domain: string, guid: string) => `/domains/${encodeURIComponent(domain)}/users/${guid}`;
