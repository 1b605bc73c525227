import { getMediaLinkContract } from "@/lib/media/contracts";
import { createMediaLink } from "@/lib/media/media-link";
import { operation } from "@/lib/rest/operation";
import { restUrlFor } from "@/lib/rest/responses";
import { restRoute } from "@/lib/rest/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(getMediaLinkContract, async (ctx, { params, query }) => createMediaLink(ctx.actor, params, (path) => restUrlFor(ctx.request, path), query.expiresIn)),
);
