import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { config } from "@/lib/core/config";
import { randomToken } from "@/lib/core/crypto/random";
import { prisma } from "@/lib/core/db/client";
import { fieldError } from "@/lib/core/errors/api-error";
import { log } from "@/lib/core/log";
import { sendMail } from "@/lib/mail/send-mail";
import type { Actor } from "@/lib/core/tenancy/actor";
import { scopedDb } from "@/lib/core/tenancy/scoped-db";
import { countOf } from "@/lib/core/text/count-of";

// Email devices are checked by a message with a 6-digit code and a link. Only SHA-256 hashes are
// stored; a code or link works once, until EMAIL_CODE_TTL, and a code allows MAX_CODE_TRIES guesses.

export const MAX_CODE_TRIES = 5;
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
/** Codes are short, so each is hashed with its device's id: one hash cannot be matched across devices. */
const codeHash = (deviceId: string, code: string) => sha256(`${deviceId}:${code}`);
const cleared = { verifyCodeHash: null, verifyTokenHash: null, verifyExpiresAt: null, verifyAttempts: 0 };
const passed = { checkStatus: "passed", verified: true, ...cleared };

/** The portal page a verification link opens. */
export const verifyLink = (token: string) => `${config().publicUrl}/verify-email?token=${encodeURIComponent(token)}`;

const codeRefused = (message: string) => fieldError("verifyCode", message);

/**
 * Starts (or restarts) the check of an email device: a new code and link replace any earlier ones
 * and go out by mail. When the mail cannot be sent the check is marked failed (the device stays).
 */
export async function sendEmailCheck(actor: Actor, device: { id: string; address: string; domainId: string }): Promise<void> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const token = randomToken(24);
  const expiresAt = new Date(Date.now() + config().emailCodeTtlMs);
  const scoped = { id: device.id };
  await scopedDb(actor).device.updateMany({
    where: scoped,
    data: {
      checkStatus: "pending",
      verified: false,
      verifyCodeHash: codeHash(device.id, code),
      verifyTokenHash: sha256(token),
      verifyExpiresAt: expiresAt,
      verifyAttempts: 0,
    },
  });
  const email = device.address.slice("mailto:".length);
  const hours = Math.round(config().emailCodeTtlMs / 3_600_000);
  try {
    await sendMail({
      to: email,
      domainId: device.domainId,
      subject: `Your verification code: ${code}`,
      text: [
        `Someone added ${email} as a device of a Switchboard user. If it was you, confirm it:`,
        "",
        `  Code: ${code}`,
        `  Or open: ${verifyLink(token)}`,
        "",
        `The code and the link work once, for ${hours >= 1 ? countOf(hours, "hour") : "a short while"}. If you did not ask for this, ignore this message.`,
      ].join("\n"),
    });
  } catch (error) {
    log.warn("verification email not sent", { device: device.id, error: String(error) });
    await scopedDb(actor).device.updateMany({ where: scoped, data: { checkStatus: "failed", ...cleared } });
  }
}

/** Checks a code sent with PUT {verifyCode}; a right one passes the check and is used up. */
export async function checkEmailCode(
  actor: Actor,
  device: { id: string; verifyCodeHash: string | null; verifyExpiresAt: Date | null; verifyAttempts: number },
  code: string,
): Promise<void> {
  const ask = 'ask for a new email with PUT {"verifyBy": "mailCheck"}';
  if (!device.verifyCodeHash || !device.verifyExpiresAt) throw codeRefused(`no code is pending for this device: ${ask}`);
  if (device.verifyExpiresAt <= new Date()) throw codeRefused(`has expired: ${ask}`);
  const db = scopedDb(actor);
  const scoped = { id: device.id, verifyCodeHash: device.verifyCodeHash };
  const given = Buffer.from(codeHash(device.id, code));
  if (!timingSafeEqual(given, Buffer.from(device.verifyCodeHash))) {
    const tries = device.verifyAttempts + 1;
    if (tries >= MAX_CODE_TRIES) {
      await db.device.updateMany({ where: scoped, data: { checkStatus: "failed", ...cleared } });
      throw codeRefused(`is wrong, and that was the last try: ${ask}`);
    }
    await db.device.updateMany({ where: scoped, data: { verifyAttempts: { increment: 1 } } });
    throw codeRefused(`is wrong: ${MAX_CODE_TRIES - tries} tries left`);
  }
  // Conditional on the same hash: of two requests with the right code, one uses it.
  const { count } = await db.device.updateMany({ where: scoped, data: passed });
  if (count === 0) throw codeRefused(`was already used: ${ask}`);
}

export type LinkState = { state: "valid"; email: string } | { state: "expired"; email: string } | { state: "unknown" };

/** What a verification link names, without using it (the page shows it before the user confirms). */
export async function inspectEmailLink(token: string): Promise<LinkState> {
  const device = token ? await prisma.device.findUnique({ where: { verifyTokenHash: sha256(token) } }) : null;
  if (!device?.verifyExpiresAt) return { state: "unknown" };
  const email = device.address.slice("mailto:".length);
  return device.verifyExpiresAt <= new Date() ? { state: "expired", email } : { state: "valid", email };
}

/** Uses a verification link: the token itself is the proof, so no sign-in is needed. */
export async function confirmEmailLink(token: string): Promise<LinkState> {
  const link = await inspectEmailLink(token);
  if (link.state !== "valid") return link;
  const { count } = await prisma.device.updateMany({ where: { verifyTokenHash: sha256(token), verifyExpiresAt: { gt: new Date() } }, data: passed });
  return count ? link : { state: "unknown" };
}
