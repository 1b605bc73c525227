import { describe, expect, it } from "vitest";
import { fieldError, fieldErrors } from "./api-error";

describe("fieldError and fieldErrors", () => {
  it("say 'field: message' and name each field in errors, for clients and portal forms", () => {
    const one = fieldError("verifyBy", "ccfTest checks tel: devices");
    expect([one.status, one.code, one.message]).toEqual([400, "validation_failed", "verifyBy: ccfTest checks tel: devices"]);
    expect(one.options.extra).toEqual({ errors: [{ field: "verifyBy", message: "ccfTest checks tel: devices" }] });
    const two = fieldErrors(
      [
        { field: "a", message: "is required" },
        { field: "b", message: "is too long" },
      ],
      { code: "invalid_parameter", extra: { parameter: "a" } },
    );
    expect([two.status, two.code, two.message]).toEqual([400, "invalid_parameter", "a: is required; b: is too long"]);
    expect(two.options.extra).toMatchObject({ parameter: "a", errors: [{ field: "a" }, { field: "b" }] });
  });

  it("keep a whole sentence as the detail when one is given, still naming the field", () => {
    const error = fieldError("currentPassword", "is not your current password", {
      detail: "currentPassword is not your current password. Check it and try again.",
    });
    expect(error.message).toBe("currentPassword is not your current password. Check it and try again.");
    expect(error.options.extra?.errors).toEqual([{ field: "currentPassword", message: "is not your current password" }]);
  });
});
