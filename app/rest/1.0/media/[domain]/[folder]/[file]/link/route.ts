import { getMediaLinkContract } from "@/lib/media/contracts";
import { createMediaLink } from "@/lib/media/media-link";
import { operation } from "@/lib/http/operation/operation";
import { restUrlFor } from "@/lib/core/urls";
import { restRoute } from "@/lib/http/operation/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(getMediaLinkContract, async (ctx, { params, query }) =>
    createMediaLink(ctx.actor, params, (path) => restUrlFor(ctx.request, path), query.expiresIn),
  ),
);
