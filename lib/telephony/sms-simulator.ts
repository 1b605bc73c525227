import { config } from "@/lib/core/config";
import type { OutgoingSms, SmsEngine, SmsSubmission } from "./sms-engine";

/**
 * The SMS simulator's documented test numbers, by the recipient's last four digits (docs/messages.md):
 * 0002 fails (FAILED is reported after the delay), 0003 never reports (stays SENT), 0004 is refused at
 * once (FAILED at submission); any other number is DELIVERED after SMS_SIMULATOR_REPORT_DELAY_MS.
 */
export function simulatedOutcome(to: string, now = new Date(), delayMs = config().SMS_SIMULATOR_REPORT_DELAY_MS): SmsSubmission {
  const dueAt = new Date(now.getTime() + delayMs);
  switch (to.replace(/\D/g, "").slice(-4)) {
    case "0002":
      return { accepted: true, report: { status: "FAILED", dueAt, detail: "The simulator's test number 0002: the handset could not be reached." } };
    case "0003":
      return { accepted: true };
    case "0004":
      return { accepted: false, detail: "The simulator's test number 0004: the carrier refused the message at once." };
    default:
      return { accepted: true, report: { status: "DELIVERED", dueAt } };
  }
}

export const smsSimulator: SmsEngine = {
  name: "simulator",
  submit: async (sms: OutgoingSms) => simulatedOutcome(sms.to),
};
