import { getMediaFolderAclContract, updateMediaFolderAclContract } from "@/lib/media/contracts";
import { getMediaAcl, updateMediaAcl } from "@/lib/media/media-acl";
import { operation } from "@/lib/http/operation/operation";
import { restRoute } from "@/lib/http/operation/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(getMediaFolderAclContract, async (ctx, { params }) => getMediaAcl(ctx.actor, params)),
  operation(updateMediaFolderAclContract, async (ctx, { params, body }) => updateMediaAcl(ctx.actor, params, body)),
);
