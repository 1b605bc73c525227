/** The portal page of one user and its devices. */
export const userPagePath = (domain: string, guid: string) => `/domains/${encodeURIComponent(domain)}/users/${guid}`;
/** The live view of one call of the user. */
export const callPagePath = (domain: string, guid: string, callId: number | string) => `${userPagePath(domain, guid)}/calls/${callId}`;

/** The domain name from the path; a malformed escape is kept as it is (and then names no domain). */
export const decoded = (raw: string) => {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
};
