import { userPagePath } from "../user-path";

/** The portal page of one user's messages, at a folder and, optionally, one message. */
export const messagesPagePath = (domain: string, guid: string, folder?: string, message?: string) => {
  const query = new URLSearchParams({ ...(folder ? { folder } : {}), ...(message ? { message } : {}) }).toString();
  return `${userPagePath(domain, guid)}/messages${query ? `?${query}` : ""}`;
};
