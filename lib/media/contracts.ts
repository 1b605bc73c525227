import { z } from "zod";
import { defineContract } from "@/lib/http/rest/contract";
import type { Filterable } from "@/lib/http/rest/list-query";
import { domainName } from "@/lib/core/validation";
import { MAX_LINK_SECONDS, mediaLinkFile } from "./media-link";
import {
  aclBodySchema,
  aclEntrySchema,
  createFileSchema,
  createFolderSchema,
  fileEntrySchema,
  fileName,
  folderDetailsSchema,
  folderEntrySchema,
  folderName,
  mediaLinkSchema,
} from "./schemas";

// The spec's Media table (docs/media.md). Access: spec access rules 1-3; what the caller may not
// read answers 404 like what does not exist.

const folderFilterable: Filterable = {
  id: { type: "string", column: "name" },
  createdOn: { type: "datetime", column: "createdAt" },
};

const domainParam = { domain: domainName.meta({ description: "The domain's name (your own)." }) };
const folderParam = { folder: folderName.meta({ description: "The folder's name." }) };
const fileParam = { file: fileName.meta({ description: "The file's name." }) };
const domainPath = z.object(domainParam);
const folderPath = z.object({ ...domainParam, ...folderParam });
const filePath = z.object({ ...domainParam, ...folderParam, ...fileParam });
const tag = "Media";

export const listMediaFoldersContract = defineContract({
  operationId: "listMediaFolders",
  method: "GET",
  path: "/media/{domain}",
  tag,
  summary: "List media folders",
  description: "The folders of the domain the caller may read.",
  auth: "application",
  params: domainPath,
  list: folderFilterable,
  success: { status: 200, description: "A page of folders.", entry: folderEntrySchema },
});

export const createMediaFolderContract = defineContract({
  operationId: "createMediaFolder",
  method: "POST",
  path: "/media/{domain}",
  tag,
  summary: "Create a media folder",
  description: 'Only its creator can reach it until an ACL is set. Names starting with "call:" are the service\'s.',
  auth: "application",
  params: domainPath,
  body: createFolderSchema,
  example: { id: "prompts" },
  success: { status: 201, description: "Created; Location names the folder.", entry: folderEntrySchema },
  location: "/media/{domain}/{id}",
});

export const getMediaFolderContract = defineContract({
  operationId: "getMediaFolder",
  method: "GET",
  path: "/media/{domain}/{folder}",
  tag,
  summary: "Get a media folder and its files",
  auth: "application",
  params: folderPath,
  success: { status: 200, description: "The folder with the files the caller may read.", entry: folderDetailsSchema },
});

export const createMediaFileContract = defineContract({
  operationId: "createMediaFile",
  method: "POST",
  path: "/media/{domain}/{folder}",
  tag,
  summary: "Create a media file",
  description: "An empty file entry; upload its bytes with POST /media/{domain}/{folder}/{file}. Needs write access to the folder.",
  auth: "application",
  params: folderPath,
  body: createFileSchema,
  example: { id: "welcome.mp3" },
  success: { status: 201, description: "Created; Location names the file.", entry: fileEntrySchema },
  location: "/media/{domain}/{folder}/{name}",
});

export const deleteMediaFolderContract = defineContract({
  operationId: "deleteMediaFolder",
  method: "DELETE",
  path: "/media/{domain}/{folder}",
  tag,
  summary: "Delete a media folder",
  description: "A folder with files is a 409 unless recursive=true, which deletes its files too.",
  auth: "application",
  params: folderPath,
  query: z.object({ recursive: z.enum(["true", "false"]).optional().meta({ description: "true: delete the files in it too." }) }),
  success: { status: 204, description: "Deleted." },
});

export const getMediaFileContract = defineContract({
  operationId: "getMediaFile",
  method: "GET",
  path: "/media/{domain}/{folder}/{file}",
  tag,
  summary: "Get a media file (details or bytes)",
  description:
    "JSON details by default. The bytes with Accept-Type: application/octet-stream, Accept: " +
    "application/octet-stream, or Accept: audio/* (e.g. audio/mpeg): Range (206), ETag and " +
    "If-None-Match (304), Content-Type from the extension. Also answers the original players' " +
    "signed URLs, ?h=<escape()d headers, Authorization included>: always the bytes, usable " +
    "again until the signature's oauth_timestamp is 10 minutes old.",
  auth: "application",
  params: filePath,
  signedUrl: true,
  success: { status: 200, description: "The file's details (or its bytes, as asked).", entry: fileEntrySchema },
});

export const uploadMediaFileContract = defineContract({
  operationId: "uploadMediaFile",
  method: "POST",
  path: "/media/{domain}/{folder}/{file}",
  tag,
  summary: "Upload a media file's bytes",
  description:
    "The body is the file's bytes (Content-Type: application/octet-stream; the spec's " +
    "Accept-Type header is accepted). A second upload replaces the content. Larger than " +
    "MEDIA_MAX_BYTES: 413; past the domain's quota: 409 quota_exceeded. oauth_body_hash, when " +
    "sent, is checked over the bytes.",
  auth: "application",
  streamsBody: true,
  params: filePath,
  success: { status: 201, description: "Stored; Location names the file.", entry: fileEntrySchema },
  location: "/media/{domain}/{folder}/{file}",
});

export const deleteMediaFileContract = defineContract({
  operationId: "deleteMediaFile",
  method: "DELETE",
  path: "/media/{domain}/{folder}/{file}",
  tag,
  summary: "Delete a media file",
  auth: "application",
  params: filePath,
  success: { status: 204, description: "Deleted." },
});

const aclDescription =
  "Replaces the whole ACL. Both spellings are read (readUser/writeUser and " +
  "readUsers/writeUsers); replies use readUsers, writeUsers, readApps, writeApps. A list not " +
  "sent is empty, so removing a permission is sending the list without it; all lists empty " +
  "removes the ACL (only the creator again).";

export const getMediaFolderAclContract = defineContract({
  operationId: "getMediaFolderAcl",
  method: "GET",
  path: "/media/{domain}/{folder}/acl",
  tag,
  summary: "Get a media folder's ACL",
  auth: "application",
  params: folderPath,
  success: { status: 200, description: "The folder's ACL.", entry: aclEntrySchema },
});

export const updateMediaFolderAclContract = defineContract({
  operationId: "updateMediaFolderAcl",
  method: "PUT",
  path: "/media/{domain}/{folder}/acl",
  tag,
  summary: "Set a media folder's ACL",
  description: aclDescription,
  auth: "application",
  params: folderPath,
  body: aclBodySchema,
  example: { readUser: [], writeUser: [] },
  success: { status: 200, description: "The modified ACL.", entry: aclEntrySchema },
});

export const getMediaFileAclContract = defineContract({
  operationId: "getMediaFileAcl",
  method: "GET",
  path: "/media/{domain}/{folder}/{file}/acl",
  tag,
  summary: "Get a media file's ACL",
  description: "A file with no ACL of its own follows its folder's.",
  auth: "application",
  params: filePath,
  success: { status: 200, description: "The file's own ACL.", entry: aclEntrySchema },
});

export const updateMediaFileAclContract = defineContract({
  operationId: "updateMediaFileAcl",
  method: "PUT",
  path: "/media/{domain}/{folder}/{file}/acl",
  tag,
  summary: "Set a media file's ACL",
  description: aclDescription,
  auth: "application",
  params: filePath,
  body: aclBodySchema,
  example: { readApps: [], writeApps: [] },
  success: { status: 200, description: "The modified ACL.", entry: aclEntrySchema },
});

export const getMediaLinkContract = defineContract({
  operationId: "getMediaLink",
  method: "GET",
  path: "/media/{domain}/{folder}/{file}/link",
  tag,
  summary: "Get a signed download URL",
  description: "A URL an <audio> element or a browser can fetch without OAuth until it expires (Range supported).",
  auth: "application",
  params: filePath,
  query: z.object({
    expiresIn: z.coerce
      .number()
      .int()
      .min(1)
      .max(MAX_LINK_SECONDS)
      .optional()
      .meta({ description: `Seconds the URL is valid (default 3600, at most ${MAX_LINK_SECONDS}).` }),
  }),
  success: { status: 200, description: "The URL and when it expires.", entry: mediaLinkSchema },
});

export const downloadMediaLinkContract = defineContract({
  operationId: "downloadMediaLink",
  method: "GET",
  path: "/media-links/{token}",
  tag,
  summary: "Download through a signed URL",
  description: "No OAuth: the token is the credential. 404 for a token the service did not sign, 403 once it has expired.",
  auth: "capability",
  credential: { param: "token", verify: mediaLinkFile },
  params: z.object({ token: z.string().min(1).max(200).meta({ description: "From getMediaLink." }) }),
  success: { status: 200, description: "The file's bytes (206 for a Range).", contentType: "application/octet-stream" },
});
