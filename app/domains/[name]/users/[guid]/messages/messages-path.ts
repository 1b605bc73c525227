/** The portal page of one user's messages, at a folder and, optionally, one message. */
export const messagesPagePath = (domain: string, guid: string, folder?: string, message?: string) => {
  const query = new URLSearchParams({ ...(folder ? { folder } : {}), ...(message ? { message } : {}) }).toString();
  return `/domains/${encodeURIComponent(domain)}/users/${guid}/messages${query ? `?${query}` : ""}`;
};
