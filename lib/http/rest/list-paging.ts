import { invalidParameter } from "@/lib/core/errors/api-error";

// Paging of every collection: startIndex and count in, skip and take for the database, and the
// paged envelope the original clients read.

/** The most items one page returns; a larger count is lowered and itemsPerPage shows it. */
export const MAX_COUNT = 100;

export interface Paging {
  startIndex: number;
  /** The count the client asked for, undefined when it sent none. */
  requestedCount?: number;
  skip: number;
  take: number;
}

export interface Page<T> {
  startIndex: number;
  /** Present if and only if the request gave count (spec, paging table). */
  itemsPerPage?: number;
  totalResults: number;
  entry: T[];
}

function parseNonNegativeInt(params: URLSearchParams, name: string): number | undefined {
  const raw = params.get(name);
  if (raw === null) return undefined;
  if (!/^\d{1,9}$/.test(raw.trim())) {
    throw invalidParameter(name, `${name} must be a whole number of 0 or more; got "${raw}".`);
  }
  return Number(raw);
}

/** Parses startIndex and count; a bad value is a 400 naming the parameter. */
export function parsePaging(params: URLSearchParams): Paging {
  const startIndex = parseNonNegativeInt(params, "startIndex") ?? 0;
  const requestedCount = parseNonNegativeInt(params, "count");
  const take = Math.min(requestedCount ?? MAX_COUNT, MAX_COUNT);
  return { startIndex, requestedCount, skip: startIndex, take };
}

/** Marks a handler result as a whole paged body (the operation wrapper, lib/http/operation/operation.ts, sends it as is, not inside {entry}). */
export const PAGE = Symbol("page");

/**
 * Builds the paged envelope the original clients read. itemsPerPage, the number of entries on this
 * page, is there if and only if the request gave count (the spec's paging table).
 */
export function toPage<T>(paging: Pick<Paging, "startIndex" | "requestedCount">, totalResults: number, entry: T[]): Page<T> {
  const page: Page<T> = {
    startIndex: paging.startIndex,
    ...(paging.requestedCount === undefined ? {} : { itemsPerPage: entry.length }),
    totalResults,
    entry,
  };
  return Object.defineProperty(page, PAGE, { value: true, enumerable: false });
}
