/** An application's public id, "<domain>:<name>": what the API shows and records as createdWith. */
export const applicationPublicId = (domainName: string, appName: string) => `${domainName}:${appName}`;
