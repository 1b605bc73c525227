import type { Metadata } from "next";
import Link from "next/link";
import { ConfirmForm } from "@/components/confirm-form";
import { EmptyState } from "@/components/empty-state";
import { formatDate, formatSize } from "@/lib/core/text/format";
import { PageHeader } from "@/components/page-header";
import { card, link } from "@/components/styles";
import { getDomainOverview } from "@/lib/domains/domain-overview";
import { isAudio } from "@/lib/media/content-type";
import { getFolder } from "@/lib/media/get-folder";
import { listFolders } from "@/lib/media/list-folders";
import { getMediaAcl } from "@/lib/media/media-acl";
import { createMediaLink } from "@/lib/media/media-link";
import { orNotFound } from "@/lib/portal/or-not-found";
import { requireDeveloper } from "@/lib/portal/session";
import { parseListQuery } from "@/lib/http/rest/list-query";
import { REST_PREFIX } from "@/lib/core/urls";
import { developerActor } from "@/lib/core/tenancy/actor";
import { deleteFileAction, deleteFolderAction, updateAclAction } from "../actions";
import { AclEditor } from "./acl-editor";
import { NewFolderForm } from "./new-folder-form";
import { UploadForm } from "./upload-form";

export const metadata: Metadata = { title: "Media" };
export const dynamic = "force-dynamic";

function FolderIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="mr-1.5 inline h-4 w-4 shrink-0 fill-current align-[-2px] text-amber-500">
      <path d="M2 5a2 2 0 0 1 2-2h4l2 2h6a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V5z" />
    </svg>
  );
}

/** The domain's media: folder tree on the left, the open folder's files, upload and access on the right. */
export default async function MediaBrowserPage({
  params,
  searchParams,
}: {
  params: Promise<{ domain: string }>;
  searchParams: Promise<{ folder?: string }>;
}) {
  const domainName = decodeURIComponent((await params).domain);
  const developer = await requireDeveloper(`/media/${encodeURIComponent(domainName)}`);
  const actor = developerActor(developer.id);
  const overview = await orNotFound(() => getDomainOverview(actor, domainName));
  const folders = await listFolders(actor, domainName, parseListQuery(new URLSearchParams(), {}));
  const openName = (await searchParams).folder;
  const open = openName ? await orNotFound(() => getFolder(actor, domainName, openName)) : null;
  const users = overview.users.entry.map((u) => ({ id: u.guid, label: u.login }));
  const apps = overview.applications.map((a) => ({ id: a.id, label: a.id }));
  const folderHref = (name: string) => `/media/${encodeURIComponent(domainName)}?folder=${encodeURIComponent(name)}`;
  const linkFor = async (file: string) =>
    (await createMediaLink(actor, { domain: domainName, folder: open!.id, file }, (p) => `${REST_PREFIX}${p}`)).url;

  return (
    <div className="space-y-8">
      <PageHeader
        back={{ href: "/media", label: "Media" }}
        title={`Media of ${domainName}`}
        description="Folders and files your applications keep in this domain."
      />
      <div className="grid grid-cols-1 gap-6 md:grid-cols-[16rem_minmax(0,1fr)]">
        <aside className={`${card} min-w-0 space-y-5 p-4`} aria-label="Folders">
          {folders.entry.length === 0 ? (
            <p className="text-sm text-slate-600">No folders yet.</p>
          ) : (
            <ul className="space-y-1 text-sm" role="tree" aria-label="Folder tree">
              {folders.entry.map((f) => (
                <li key={f.id} role="treeitem" aria-expanded={open?.id === f.id} aria-selected={open?.id === f.id}>
                  <Link
                    href={folderHref(f.id)}
                    className={
                      "block truncate rounded px-2 py-1 " +
                      (open?.id === f.id ? "bg-slate-100 font-medium text-slate-900" : "text-slate-700 hover:bg-slate-50")
                    }
                  >
                    <FolderIcon />
                    {f.id}
                  </Link>
                  {open?.id === f.id && open.files.length > 0 && (
                    <ul role="group" className="ml-5 border-l border-slate-200 pl-2">
                      {open.files.map((file) => (
                        <li key={file.id} role="treeitem" aria-selected={false} className="truncate py-0.5 text-slate-600">
                          {file.name}
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          )}
          <NewFolderForm domain={domainName} />
        </aside>

        <section className="min-w-0 space-y-6">
          {!open ? (
            <EmptyState title={folders.entry.length ? "Choose a folder" : "No media in this domain yet"}>
              {folders.entry.length ? (
                <p>Pick a folder on the left to see its files, upload and set who may use them.</p>
              ) : (
                <p>
                  Create a folder on the left, then upload files into it. Applications do the same with{" "}
                  <span className="font-mono break-all">POST /rest/1.0/media/{domainName}</span>.
                </p>
              )}
            </EmptyState>
          ) : (
            <>
              <div className="flex flex-wrap items-center justify-between gap-3">
                <h2 className="text-lg font-semibold break-all">
                  <FolderIcon />
                  {open.id}
                </h2>
                <ConfirmForm
                  action={deleteFolderAction.bind(null, domainName, open.id)}
                  label="Delete folder"
                  question={`Delete ${open.id} and its ${open.files.length} file(s)?`}
                  small
                />
              </div>
              <div className={`${card} p-4`}>
                <UploadForm domain={domainName} folder={open.id} />
              </div>
              {open.files.length === 0 ? (
                <EmptyState title="This folder is empty">
                  <p>Upload a file above.</p>
                </EmptyState>
              ) : (
                <ul className={`${card} divide-y divide-slate-100`} aria-label="Files">
                  {await Promise.all(
                    open.files.map(async (file) => {
                      const href = await linkFor(file.name);
                      return (
                        <li key={file.id} className="space-y-2 px-4 py-3 text-sm" data-testid={`file-${file.name}`}>
                          <div className="flex flex-wrap items-center justify-between gap-2">
                            <div className="min-w-0">
                              <div className="font-medium break-all">{file.name}</div>
                              <div className="text-slate-500">
                                {formatSize(file.size)} · {file.contentType.split(";")[0]} · {formatDate(file.updatedOn)}
                              </div>
                            </div>
                            <div className="flex items-center gap-3">
                              <a href={href} download={file.name} className={link}>
                                Download
                              </a>
                              <ConfirmForm
                                action={deleteFileAction.bind(null, domainName, open.id, file.name)}
                                label="Delete"
                                question={`Delete ${file.name}?`}
                                small
                              />
                            </div>
                          </div>
                          {isAudio(file.name) && file.size > 0 && (
                            <audio controls preload="metadata" src={href} className="w-full" aria-label={`Play ${file.name}`} />
                          )}
                          <details>
                            <summary className="cursor-pointer text-slate-600">Access to this file</summary>
                            <div className="mt-2">
                              <AclEditor
                                title={`Access to ${file.name}`}
                                acl={await getMediaAcl(actor, { domain: domainName, folder: open.id, file: file.name })}
                                users={users}
                                apps={apps}
                                action={updateAclAction.bind(null, { domain: domainName, folder: open.id, file: file.name })}
                              />
                            </div>
                          </details>
                        </li>
                      );
                    }),
                  )}
                </ul>
              )}
              <section className={`${card} space-y-2 p-4`} aria-labelledby="folder-access">
                <h3 id="folder-access" className="font-semibold">
                  Access to {open.id}
                </h3>
                <AclEditor
                  title={`Access to ${open.id}`}
                  acl={await getMediaAcl(actor, { domain: domainName, folder: open.id })}
                  users={users}
                  apps={apps}
                  action={updateAclAction.bind(null, { domain: domainName, folder: open.id })}
                />
              </section>
            </>
          )}
        </section>
      </div>
    </div>
  );
}
