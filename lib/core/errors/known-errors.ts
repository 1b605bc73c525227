import { Prisma } from "@prisma/client";
import { ApiError } from "./api-error";

// Errors that are not ApiErrors but have a meaning the client should get: a taken unique key, a
// row gone between read and write, a database too busy to start a transaction in time, and a
// database that cannot be reached (503, try again).

const UNREACHABLE_PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
const UNREACHABLE_DRIVER = new RegExp(
  [
    "ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|Connection terminated|connection timeout|timeout exceeded when trying to connect",
    "not currently accepting connections|terminating connection|the database system is (starting up|shutting down)|Can't reach database",
  ].join("|"),
  "i",
);

const TAKEN = "Something with that name already exists. Choose another name.";

/** A write whose unique key is taken (the database's unique index, so two at once cannot both pass) answers 409 with `message`. */
export async function unlessTaken<T>(write: Promise<T>, message: string): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw new ApiError("conflict", message, { cause: error });
    throw error;
  }
}

export function asApiError(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    if (error.code === "P2002") return new ApiError("conflict", TAKEN);
    if (error.code === "P2025") return new ApiError("not_found", "The resource was not found.");
    // P2028: no connection for a transaction within its wait (lib/core/db/client.ts, QUEUE_PATIENTLY): busy, not broken.
    if (error.code === "P2028") {
      return new ApiError("service_unavailable", "The server is busy right now. Retry in a second.", {
        headers: { "Retry-After": "1" },
        extra: { retryAfter: 1 },
        cause: error,
      });
    }
  }
  if (isDatabaseUnreachable(error)) {
    return new ApiError("service_unavailable", "The database is not reachable right now. Retry in a few seconds.", {
      headers: { "Retry-After": "5" },
      extra: { retryAfter: 5 },
      cause: error,
    });
  }
  return undefined;
}

/** True for the ways Prisma and the pg driver report that the database cannot be reached. */
export function isDatabaseUnreachable(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientInitializationError) return true;
  if (error instanceof Prisma.PrismaClientKnownRequestError && UNREACHABLE_PRISMA_CODES.has(error.code)) return true;
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const text = `${(e as { code?: string }).code ?? ""} ${(e as Error).message ?? ""}`;
    if (UNREACHABLE_DRIVER.test(text) || /^57P0[1-3]|^08/.test((e as { code?: string }).code ?? "")) return true;
  }
  return false;
}
