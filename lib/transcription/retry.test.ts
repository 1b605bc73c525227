import { describe, expect, it } from "vitest";
import type { TranscriptionProvider } from "./provider";
import { failureReason, transcribeWithRetries } from "./retry";

const audio = { bytes: new Uint8Array(4), fileName: "x.mp3" };

function failing(times: number): TranscriptionProvider & { calls: number } {
  const provider = {
    id: "flaky",
    name: "flaky",
    description: "",
    calls: 0,
    transcribe: async () => {
      provider.calls++;
      if (provider.calls <= times) throw new Error(`down (${provider.calls})`);
      return "the text";
    },
  };
  return provider;
}

describe("transcribeWithRetries", () => {
  it("tries again after each delay and returns the text once the provider answers", async () => {
    const provider = failing(2);
    const failures: number[] = [];
    expect(await transcribeWithRetries(provider, audio, [5, 5, 5], (_, attempt) => failures.push(attempt))).toBe("the text");
    expect(provider.calls).toBe(3);
    expect(failures).toEqual([1, 2]);
  });

  it("gives up with the last failure once the delays are used up", async () => {
    const provider = failing(10);
    await expect(transcribeWithRetries(provider, audio, [5, 5])).rejects.toThrow("down (3)");
    expect(provider.calls).toBe(3);
  });

  it("the reason stored is one line naming the provider", () => {
    expect(failureReason("local", new Error("pocketsphinx_continuous failed\nwith exit code 1"))).toBe(
      "local: pocketsphinx_continuous failed with exit code 1",
    );
  });
});
