import { engine } from "@/lib/calls/engine";
import { prisma } from "@/lib/db/client";

/** verifyBy "ccfTest": the telephony engine's forwarding test call decides ccfCheck (passed also verifies the phone). */
export async function runCcfTest(device: { id: string; address: string }): Promise<void> {
  const { forwarded } = await engine().testForwarding(device.address);
  await prisma.device.update({ where: { id: device.id }, data: { checkStatus: forwarded ? "passed" : "failed", verified: forwarded } });
}
