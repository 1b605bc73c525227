import type { Tx } from "@/lib/db/client";
import { newBlobKey, type StoredBlob } from "@/lib/media/blob-store";
import { blobStore } from "@/lib/media/configured-blob-store";
import { deleteBlobs } from "@/lib/media/delete-file";
import { CALL_FOLDER_PREFIX } from "@/lib/tenancy/scope";

// Where a voicemail's audio lives: /media/<domain>/call:<call id>/<call id>.mp3, a folder only the
// message's owner reads (lib/tenancy/scope.ts), written by the service, never through the API.

export const VOICEMAIL_CREATED_WITH = "voicemail";

export const voicemailFolder = (callId: string) => `${CALL_FOLDER_PREFIX}${callId}`;
export const voicemailFileName = (callId: string) => `${callId}.mp3`;
/** The path the message's mediaItems and mediaUri name. */
export const voicemailMediaPath = (domainName: string, callId: string) => `/media/${domainName}/${voicemailFolder(callId)}/${voicemailFileName(callId)}`;

/** Writes the bytes to a new blob; the rows that point at it come in the caller's transaction. */
export async function putAudioBlob(domainId: string, bytes: Buffer): Promise<{ key: string; stored: StoredBlob }> {
  const key = newBlobKey(domainId);
  const stored = await blobStore().put(key, new Blob([new Uint8Array(bytes)]).stream(), { maxBytes: bytes.length });
  return { key, stored };
}

/** After a failed transaction: the blob no row points at. */
export const dropAudioBlob = (key: string) => deleteBlobs(blobStore(), [key]);

export interface VoicemailAudioRow {
  domainId: string;
  ownerUserId: string;
  applicationId: string;
  callId: string;
  dest: string;
  startTime: Date;
  blob: { key: string; stored: StoredBlob };
}

/** The call: folder (owned by the user) and the file entry for the stored blob, inside the caller's transaction. */
export async function createVoicemailAudioRows(tx: Tx, row: VoicemailAudioRow) {
  const creator = { createdByUserId: null, createdByApplicationId: row.applicationId, createdWith: VOICEMAIL_CREATED_WITH };
  const folder = await tx.mediaFolder.upsert({
    where: { domainId_name: { domainId: row.domainId, name: voicemailFolder(row.callId) } },
    create: { domainId: row.domainId, name: voicemailFolder(row.callId), ownerUserId: row.ownerUserId, ...creator },
    update: {},
  });
  return tx.mediaFile.create({
    data: {
      folderId: folder.id,
      domainId: row.domainId,
      name: voicemailFileName(row.callId),
      ...creator,
      blobKey: row.blob.key,
      size: row.blob.stored.size,
      sha256: row.blob.stored.sha256,
      dest: row.dest,
      startTime: row.startTime,
    },
  });
}
