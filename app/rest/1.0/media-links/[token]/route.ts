import { downloadMediaLinkContract } from "@/lib/media/contracts";
import { serveMediaLink } from "@/lib/media/media-link";
import { operation } from "@/lib/http/operation/operation";
import { restRoute } from "@/lib/http/operation/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(downloadMediaLinkContract, async (ctx, { params }) => serveMediaLink(params.token, ctx.request)),
);
