import { describe, expect, it } from "vitest";
import { ApiError, errorCodes, PROBLEM_MEMBERS, type ErrorCode } from "@/lib/core/errors/api-error";
import { problemResponse } from "./responses";

const ORIGIN = "http://127.0.0.1:4321";

describe("problemResponse", () => {
  it.each(Object.keys(errorCodes) as ErrorCode[])("keeps the problem+json members of %s whatever its extra members say", async (code) => {
    // Every member an extra could try to shadow, as the calls code once did with status: "COMPLETED".
    const shadows = Object.fromEntries(PROBLEM_MEMBERS.map((member) => [member, "COMPLETED"]));
    const error = new ApiError(code, "What happened and what to do.", { extra: { ...shadows, callId: 7 } as never, oauthProblem: "nonce_used" });
    const body = await problemResponse(error, "req_test", ORIGIN).json();
    expect(body).toEqual({
      type: `${ORIGIN}/docs/api#error-${code}`,
      title: errorCodes[code].title,
      status: errorCodes[code].status,
      detail: "What happened and what to do.",
      code,
      requestId: "req_test",
      oauthProblem: "nonce_used",
      callId: 7,
    });
    expect(typeof body.status).toBe("number");
  });

  it("sends a feature's retryAfter as Retry-After and its location as an absolute Location", () => {
    const busy = problemResponse(new ApiError("conflict", "Another upload is in progress.", { retryAfter: 1 }), "req_test", ORIGIN);
    expect(busy.headers.get("retry-after")).toBe("1");
    const ringing = problemResponse(new ApiError("call_pending", "Not connected yet.", { location: "/rest/1.0/calls/u/7" }), "req_test", ORIGIN);
    expect(ringing.headers.get("location")).toBe(`${ORIGIN}/rest/1.0/calls/u/7`);
  });

  it("names the origin it is given in the 401 realm and the problem's type", async () => {
    const res = problemResponse(new ApiError("unauthorized", "Sign it.", { oauthProblem: "parameter_absent" }), "req_test", ORIGIN);
    expect(res.headers.get("www-authenticate")).toBe(`OAuth realm="${ORIGIN}/rest/1.0", oauth_problem="parameter_absent"`);
    expect((await res.json()).type).toBe(`${ORIGIN}/docs/api#error-unauthorized`);
  });

  it("builds another scheme's challenge on the same realm (guest tokens: Bearer)", () => {
    const error = new ApiError("guest_token_refused", "Unknown token.", { challenge: { scheme: "Bearer", params: { error: "invalid_token" } } });
    expect(problemResponse(error, "req_test", ORIGIN).headers.get("www-authenticate")).toBe(
      `Bearer realm="${ORIGIN}/rest/1.0", error="invalid_token"`,
    );
  });
});
