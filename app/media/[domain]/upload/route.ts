import { createFile } from "@/lib/media/create-file";
import { fileName, folderName } from "@/lib/media/schemas";
import { uploadFile } from "@/lib/media/upload-file";
import { ApiError } from "@/lib/core/errors/api-error";
import { currentDeveloper } from "@/lib/portal/session";
import { respondWithError } from "@/lib/http/operation/operation";
import { requestOrigin } from "@/lib/core/urls";
import { developerActor } from "@/lib/core/tenancy/actor";

/**
 * The portal's upload (the media browser's progress bar needs a plain HTTP body; a server action
 * would buffer it): POST ?folder=&file= with the bytes; creates the file entry when it is new.
 * Same-origin requests of a signed-in developer only.
 */
export async function POST(request: Request, { params }: { params: Promise<{ domain: string }> }) {
  try {
    const developer = await currentDeveloper();
    if (!developer) throw new ApiError("unauthorized", "Sign in to the portal first.");
    if (request.headers.get("origin") !== requestOrigin(request)) throw new ApiError("forbidden", "Uploads come from the portal's own pages.");
    const url = new URL(request.url);
    const domain = decodeURIComponent((await params).domain);
    const folder = folderName.parse(url.searchParams.get("folder") ?? "");
    const file = fileName.parse(url.searchParams.get("file") ?? "");
    const actor = developerActor(developer.id);
    await createFile(actor, domain, folder, file).catch((error) => {
      if (!(error instanceof ApiError && error.code === "conflict")) throw error;
    });
    const entry = await uploadFile(
      actor,
      { domain, folder, file },
      {
        contentType: request.headers.get("content-type"),
        contentLength: request.headers.get("content-length"),
        body: request.body,
      },
    );
    return Response.json({ entry }, { status: 201 });
  } catch (error) {
    return respondWithError(
      request,
      error instanceof Error && error.name === "ZodError" ? new ApiError("bad_request", "folder and file must be valid names.") : error,
    );
  }
}
