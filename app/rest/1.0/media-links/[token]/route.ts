import { downloadMediaLinkContract } from "@/lib/media/contracts";
import { serveMediaLink } from "@/lib/media/media-link";
import { operation } from "@/lib/rest/operation";
import { restRoute } from "@/lib/rest/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(downloadMediaLinkContract, async (ctx, { params }) => serveMediaLink(params.token, ctx.request)),
);
