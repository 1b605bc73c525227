import { describe, expect, it } from "vitest";
import { ApiError, fieldError } from "@/lib/core/errors/api-error";
import { errorState } from "./form-state";

describe("errorState", () => {
  it("puts a field's message under that field when the form has it, from the error's errors[] alone", () => {
    const values = { name: "App", notificationUrl: "http://10.0.0.1/hook" };
    const state = errorState(
      fieldError("notificationUrl", "must be reachable on the public internet", { detail: "notificationUrl must be reachable..." }),
      values,
    );
    expect(state).toEqual({
      fieldErrors: { notificationUrl: ["must be reachable on the public internet"] },
      values,
      error: "Check the fields marked below.",
    });
  });

  it("keeps a message about a field the form does not have, or about no field, for the whole form", () => {
    const values = { name: "App" };
    expect(errorState(fieldError("login", "is taken"), values)).toEqual({ error: "login: is taken", values });
    expect(errorState(new ApiError("validation_failed", "name is not what you think"), values)).toEqual({
      error: "name is not what you think",
      values,
    });
  });
});
