import type { Call } from "@prisma/client";
import type { Tx } from "@/lib/core/db/client";
import { newBlobKey } from "@/lib/media/blob-store";
import { blobStore } from "@/lib/media/configured-blob-store";
import type { RecordedAudio } from "@/lib/telephony/engine";
import { callFolderName } from "./transform";

/**
 * Stores a recording as a media file of the call's domain in folder call:<id>, which only the call's
 * user may read (docs/media.md): <id>.mp3, or record.file. A name already taken (a second recording
 * of the call) gets -<n> added: <id>-2.mp3. Recordings do not count against MEDIA_QUOTA_BYTES (docs/calls.md).
 */
export async function saveRecording(tx: Tx, call: Call, audio: RecordedAudio): Promise<string> {
  const name = callFolderName(call.id);
  const folder = await tx.mediaFolder.upsert({
    where: { domainId_name: { domainId: call.domainId, name } },
    create: { domainId: call.domainId, name, createdByApplicationId: call.applicationId, createdWith: "calls", ownerUserId: call.userId },
    update: {},
    include: { files: { select: { name: true } } },
  });
  const taken = new Set(folder.files.map((f) => f.name));
  const wanted = call.recordingFile ?? `${call.id}.${audio.extension}`;
  const [stem, ext] = /^(.*?)(\.[^.]*)?$/.exec(wanted)!.slice(1) as [string, string | undefined];
  let fileName = wanted;
  for (let n = 2; taken.has(fileName); n++) fileName = `${stem}-${n}${ext ?? ""}`;

  const key = newBlobKey(call.domainId);
  const bytes = audio.bytes;
  const body = new ReadableStream<Uint8Array>({ start: (c) => (c.enqueue(bytes), c.close()) });
  const stored = await blobStore().put(key, body, { maxBytes: bytes.length });
  await tx.mediaFile.create({
    data: {
      folderId: folder.id,
      domainId: call.domainId,
      name: fileName,
      createdByApplicationId: call.applicationId,
      createdWith: "calls",
      blobKey: key,
      size: stored.size,
      sha256: stored.sha256,
    },
  });
  return `/media/${call.domainName}/${name}/${fileName}`;
}
