import { deleteMediaFileContract, getMediaFileContract, uploadMediaFileContract } from "@/lib/media/contracts";
import { deleteFile } from "@/lib/media/delete-file";
import { getFile } from "@/lib/media/get-file";
import { uploadFile } from "@/lib/media/upload-file";
import { operation } from "@/lib/http/operation/operation";
import { restRoute } from "@/lib/http/operation/route";
import { wantsBytes } from "@/lib/http/rest/file-response";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(getMediaFileContract, async (ctx, { params }) => getFile(ctx.actor, params, { bytes: wantsBytes(ctx.request) })),
  operation(uploadMediaFileContract, async (ctx, { params }) =>
    uploadFile(ctx.actor, params, {
      contentType: ctx.request.headers.get("content-type"),
      contentLength: ctx.request.headers.get("content-length"),
      body: ctx.request.body,
      bodyCheck: ctx.auth.bodyCheck,
    }),
  ),
  operation(deleteMediaFileContract, async (ctx, { params }) => deleteFile(ctx.actor, params)),
);
