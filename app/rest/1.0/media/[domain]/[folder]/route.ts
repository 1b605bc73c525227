import { createMediaFileContract, deleteMediaFolderContract, getMediaFolderContract } from "@/lib/media/contracts";
import { createFile } from "@/lib/media/create-file";
import { deleteFolder } from "@/lib/media/delete-folder";
import { getFolder } from "@/lib/media/get-folder";
import { operation } from "@/lib/http/operation/operation";
import { restRoute } from "@/lib/http/operation/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(getMediaFolderContract, async (ctx, { params }) => getFolder(ctx.actor, params.domain, params.folder)),
  operation(createMediaFileContract, async (ctx, { params, body }) => createFile(ctx.actor, params.domain, params.folder, body.id)),
  operation(deleteMediaFolderContract, async (ctx, { params, query }) =>
    deleteFolder(ctx.actor, params.domain, params.folder, query.recursive === "true"),
  ),
);
