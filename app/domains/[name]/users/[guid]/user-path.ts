/** The portal page of one user and its devices. */
export const userPagePath = (domain: string, guid: string) => `/domains/${encodeURIComponent(domain)}/users/${guid}`;

/** The domain name from the path; a malformed escape is kept as it is (and then names no domain). */
export const decoded = (raw: string) => {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
};
