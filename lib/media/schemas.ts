import { z } from "zod";
import { guidParam } from "@/lib/core/validation";

// Names are only ever database values (the bytes live under generated keys), so any printable
// text is safe; slashes are refused because a file's id is "<folder>/<file>".
const mediaName = z
  .string()
  .min(1, "is required")
  .max(255, "is at most 255 characters")
  .refine((v) => v !== "." && v !== "..", "may not be . or ..")
  .regex(/^[^/\\\u0000-\u001f\u007f]+$/, "may not contain slashes, backslashes or control characters");

export const folderName = mediaName;
/** "acl" names a file's folder ACL path (/media/<domain>/<folder>/acl), so no file may take it. */
export const fileName = mediaName.refine((v) => v.toLowerCase() !== "acl", 'may not be "acl" (that path is the folder\'s ACL)');

export const createFolderSchema = z.strictObject({ id: folderName.meta({ description: "The folder's name.", example: "prompts" }) });
export const createFileSchema = z.strictObject({ id: fileName.meta({ description: "The file's name.", example: "welcome.mp3" }) });

const userList = z.array(guidParam).max(1000);
const appList = z.array(z.string().min(1).max(200)).max(1000);
/** The spec's folder examples send readUser/writeUser (a list, or one GUID); both spellings are read. */
const oneOrMoreUsers = z.union([guidParam.transform((v) => [v]), userList]);

export const aclBodySchema = z
  .strictObject({
    id: z.string().optional().meta({ description: "Ignored: a GET reply may be sent back as is." }),
    readUsers: userList.optional(),
    writeUsers: userList.optional(),
    readUser: oneOrMoreUsers.optional().meta({ description: "Same as readUsers (the spec's folder examples)." }),
    writeUser: oneOrMoreUsers.optional().meta({ description: "Same as writeUsers." }),
    readApps: appList.optional().meta({ description: 'Application ids "<domain>:<name>".' }),
    writeApps: appList.optional(),
  })
  .meta({ description: "Replaces the whole ACL: a list not sent is empty. All lists empty removes the ACL (creator-only access again)." });
export type AclBody = z.infer<typeof aclBodySchema>;

export const aclEntrySchema = z
  .object({
    id: z.string(),
    readUsers: z.array(z.string()),
    writeUsers: z.array(z.string()),
    readApps: z.array(z.string()),
    writeApps: z.array(z.string()),
  })
  .meta({ id: "MediaAcl" });
export type AclEntry = z.infer<typeof aclEntrySchema>;

const itemFields = {
  createdOn: z.iso.datetime(),
  createdWith: z.string(),
  createdBy: z
    .string()
    .optional()
    .meta({ description: "GUID of the user who created it; absent when the application did (two-legged) or the portal." }),
};

export const fileEntrySchema = z
  .object({
    id: z.string().meta({ description: "<folder>/<file>" }),
    name: z.string().meta({ description: "The file's own name." }),
    size: z.number().int(),
    contentType: z.string(),
    ...itemFields,
    updatedOn: z.iso.datetime(),
    dest: z.string().optional(),
    startTime: z.iso.datetime().optional(),
  })
  .meta({ id: "MediaFile" });
export type FileEntry = z.infer<typeof fileEntrySchema>;

export const folderEntrySchema = z.object({ id: z.string(), ...itemFields }).meta({ id: "MediaFolder" });
export type FolderEntry = z.infer<typeof folderEntrySchema>;

export const folderDetailsSchema = folderEntrySchema
  .extend({ files: z.array(fileEntrySchema).meta({ description: "The files the caller may read." }) })
  .meta({ id: "MediaFolderDetails" });

export const mediaLinkSchema = z
  .object({ url: z.url(), expires: z.iso.datetime() })
  .meta({ id: "MediaLink", description: "A URL that serves the file's bytes (Range supported) without OAuth until it expires." });
