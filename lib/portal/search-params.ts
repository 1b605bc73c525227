/** A portal page's searchParams as Next.js passes them. */
export type SearchParams = Record<string, string | string[] | undefined>;

/** The first value of a query parameter that may repeat (?status=a&status=b reads as a). */
export const firstParam = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
