"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { createFolder } from "@/lib/media/create-folder";
import { deleteFile } from "@/lib/media/delete-file";
import { deleteFolder } from "@/lib/media/delete-folder";
import { updateMediaAcl, type AclPath } from "@/lib/media/media-acl";
import { createFolderSchema } from "@/lib/media/schemas";
import { errorState, formValues, type FormState } from "@/lib/portal/form-state";
import { requireDeveloper } from "@/lib/portal/session";
import { developerActor } from "@/lib/core/tenancy/actor";

const browserPath = (domain: string, folder?: string) =>
  `/media/${encodeURIComponent(domain)}${folder ? `?folder=${encodeURIComponent(folder)}` : ""}`;

async function actor() {
  return developerActor((await requireDeveloper()).id);
}

export async function createFolderAction(domain: string, _prev: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData, ["id"]);
  let id: string;
  try {
    ({ id } = await createFolder(await actor(), domain, createFolderSchema.parse(values).id));
  } catch (error) {
    return errorState(error, values);
  }
  revalidatePath(`/media/${encodeURIComponent(domain)}`);
  redirect(browserPath(domain, id));
}

export async function deleteFolderAction(domain: string, folder: string): Promise<void> {
  await deleteFolder(await actor(), domain, folder, true);
  revalidatePath(`/media/${encodeURIComponent(domain)}`);
  redirect(browserPath(domain));
}

export async function deleteFileAction(domain: string, folder: string, file: string): Promise<void> {
  await deleteFile(await actor(), { domain, folder, file });
  revalidatePath(`/media/${encodeURIComponent(domain)}`);
}

/** The ACL editor's checkboxes: readUsers, writeUsers, readApps, writeApps, each possibly repeated. */
export async function updateAclAction(path: AclPath, _prev: FormState, formData: FormData): Promise<FormState> {
  const lists = Object.fromEntries(["readUsers", "writeUsers", "readApps", "writeApps"].map((k) => [k, formData.getAll(k).map(String)]));
  try {
    const acl = await updateMediaAcl(await actor(), path, lists);
    revalidatePath(`/media/${encodeURIComponent(path.domain)}`);
    const shared = acl.readUsers.length + acl.writeUsers.length + acl.readApps.length + acl.writeApps.length > 0;
    return { notice: shared ? "Access saved." : "Access saved: no ACL, only the creator has access." };
  } catch (error) {
    return errorState(error);
  }
}
