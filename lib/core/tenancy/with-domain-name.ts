// Apart from find-user.ts, so tests and scripts can import it before the database client loads.

/** Include this with every user query so the entry can name the domain. */
export const withDomainName = { domain: { select: { name: true } } } as const;
