import { createMediaFolderContract, listMediaFoldersContract } from "@/lib/media/contracts";
import { createFolder } from "@/lib/media/create-folder";
import { listFolders } from "@/lib/media/list-folders";
import { operation } from "@/lib/http/operation/operation";
import { restRoute } from "@/lib/http/operation/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(listMediaFoldersContract, async (ctx, { params, query }) => listFolders(ctx.actor, params.domain, query)),
  operation(createMediaFolderContract, async (ctx, { params, body }) => createFolder(ctx.actor, params.domain, body.id)),
);
