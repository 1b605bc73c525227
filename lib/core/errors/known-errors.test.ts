import { Prisma } from "@prisma/client";
import { describe, expect, it } from "vitest";
import { asApiError, unlessTaken } from "./known-errors";

const prismaError = (code: string, message = "x") => new Prisma.PrismaClientKnownRequestError(message, { code, clientVersion: "7" });

describe("asApiError", () => {
  it("turns a transaction that could not start in time (P2028) into a 503 that says to retry in a second", () => {
    const error = asApiError(prismaError("P2028", "Transaction API error: Unable to start a transaction in the given time."));
    expect(error?.status).toBe(503);
    expect(error?.code).toBe("service_unavailable");
    expect(error?.options.headers).toMatchObject({ "Retry-After": "1" });
    expect(error?.message).toMatch(/busy.*Retry/);
  });

  it("keeps the meanings it had: a taken key 409, a missing row 404, an unreachable database 503, the rest unknown", () => {
    expect(asApiError(prismaError("P2002"))?.status).toBe(409);
    expect(asApiError(prismaError("P2025"))?.status).toBe(404);
    expect(asApiError(prismaError("P1001"))?.options.headers).toMatchObject({ "Retry-After": "5" });
    expect(asApiError(new Error("boom"))).toBeUndefined();
  });

  it("unlessTaken answers a taken unique key with 409 and the caller's message, and passes anything else through", async () => {
    await expect(unlessTaken(Promise.reject(prismaError("P2002")), 'A user with login "ada" already exists.')).rejects.toMatchObject({
      status: 409,
      message: 'A user with login "ada" already exists.',
    });
    await expect(unlessTaken(Promise.resolve(7), "x")).resolves.toBe(7);
    const other = prismaError("P2025");
    await expect(unlessTaken(Promise.reject(other), "x")).rejects.toBe(other);
  });
});
