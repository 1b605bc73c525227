import { randomUUID } from "node:crypto";
import { prisma } from "@/lib/core/db/client";
import { mediaPathOf, writeSystemFile } from "@/lib/media/system-file";
import { toneWav } from "@/lib/audio/wav-tone";
import type { Actor } from "@/lib/core/tenancy/actor";
import { CALL_FOLDER_PREFIX } from "@/lib/core/tenancy/scope";
import { transcribeMessage } from "@/lib/messages/transcribe-message";
import { createMessage } from "@/lib/messages/create-message";
import { getMessage } from "@/lib/messages/get-message";
import { telOf, type InboundAudioInput } from "@/lib/messages/schemas";
import { simulatedRecipient } from "./simulated-recipient";

/**
 * The simulator's inbound audio message: `seconds` of a WAV tone from `from` to a purpose number a user
 * of the domain holds, stored (owner-only) at /media/<domain>/call:<id>/<id>.wav, lands in the user's
 * inbox as an InboundAudioMessage and is transcribed if the user transcribes its inbox.
 */
export async function receiveAudioMessage(actor: Actor, input: InboundAudioInput) {
  const device = await simulatedRecipient(actor, input.to, false);
  const to = device.to;
  const callId = randomUUID();
  const folder = `${CALL_FOLDER_PREFIX}${callId}`;
  const file = `${callId}.wav`;
  await writeSystemFile({ domainId: device.domainId, folder, file, ownerUserId: device.userId, createdWith: "simulator" }, toneWav(input.seconds));
  const path = mediaPathOf(device.domainName, folder, file);
  const message = await prisma.$transaction((tx) =>
    createMessage(tx, {
      userId: device.userId,
      domainId: device.domainId,
      type: "InboundAudioMessage",
      from: telOf(input.from),
      dest: to,
      title: `Audio message from ${telOf(input.from)}`,
      mediaItems: [path],
      mediaUri: path,
      startTime: new Date(),
      duration: input.seconds,
      callId,
      event: "NewAudioMessage",
    }),
  );
  await transcribeMessage(message.id);
  return getMessage(actor, device.userId, message.folder, message.id);
}
