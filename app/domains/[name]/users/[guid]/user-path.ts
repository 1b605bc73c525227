/** The portal page of one user and its devices. */
export const userPagePath = (domain: string, guid: string) => `/domains/${encodeURIComponent(domain)}/users/${guid}`;

/** The live view of one call of the user. */
export const callPagePath = (domain: string, guid: string, callId: number | string) => `${userPagePath(domain, guid)}/calls/${callId}`;

/** A path segment as Next.js hands it over, decoded (left as is when it is not valid percent-encoding). */
export const decodedSegment = (raw: string) => {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
};
