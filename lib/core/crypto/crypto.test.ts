import { beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { reloadConfig } from "@/lib/core/config";
import { decryptSecret, encryptSecret } from "./secret-box";
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from "./password";

beforeAll(() => {
  process.env.ENCRYPTION_KEY = randomBytes(32).toString("base64");
  reloadConfig();
});

describe("secret box", () => {
  it("round-trips and never stores the plain text", () => {
    const stored = encryptSecret("kd94hf93k423kf44");
    expect(stored).not.toContain("kd94hf93k423kf44");
    expect(stored.startsWith("v1.")).toBe(true);
    expect(decryptSecret(stored)).toBe("kd94hf93k423kf44");
  });

  it("uses a fresh IV each time", () => {
    expect(encryptSecret("same")).not.toBe(encryptSecret("same"));
  });

  it("refuses a tampered ciphertext", () => {
    const parts = encryptSecret("secret").split(".");
    parts[3] = Buffer.from("other!").toString("base64url");
    expect(() => decryptSecret(parts.join("."))).toThrow();
  });

  it("refuses to run without a 32-byte key", () => {
    const saved = process.env.ENCRYPTION_KEY;
    process.env.ENCRYPTION_KEY = Buffer.alloc(16).toString("base64");
    try {
      expect(() => reloadConfig()).toThrow(/ENCRYPTION_KEY/);
    } finally {
      process.env.ENCRYPTION_KEY = saved;
      reloadConfig();
    }
  });
});

describe("password hashing", () => {
  it("verifies the right password only", async () => {
    const hash = await hashPassword("correct horse");
    expect(hash).not.toContain("correct horse");
    expect(await verifyPassword("correct horse", hash)).toBe(true);
    expect(await verifyPassword("correct hors", hash)).toBe(false);
  });

  it("salts each hash", async () => {
    expect(await hashPassword("pw")).not.toBe(await hashPassword("pw"));
  });

  it("has a well-formed dummy hash that matches nothing", async () => {
    expect(await verifyPassword("", DUMMY_PASSWORD_HASH)).toBe(false);
    expect(await verifyPassword("anything", DUMMY_PASSWORD_HASH)).toBe(false);
  });
});
