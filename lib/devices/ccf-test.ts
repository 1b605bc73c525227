import { telephonyEngine } from "@/lib/telephony/configured-engine";
import { prisma } from "@/lib/core/db/client";

/** verifyBy "ccfTest": the telephony engine's forwarding test call decides ccfCheck (passed also verifies the phone). */
export async function runCcfTest(device: { id: string; address: string }): Promise<void> {
  const { forwarded } = await telephonyEngine().testForwarding(device.address);
  await prisma.device.update({ where: { id: device.id }, data: { checkStatus: forwarded ? "passed" : "failed", verified: forwarded } });
}
