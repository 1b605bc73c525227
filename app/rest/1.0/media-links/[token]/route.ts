import { downloadMediaLinkContract } from "@/lib/media/contracts";
import { mediaFileDownload } from "@/lib/media/file-download";
import { operation } from "@/lib/http/operation/operation";
import { restRoute } from "@/lib/http/operation/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(downloadMediaLinkContract, async (ctx) => mediaFileDownload(ctx.grant)),
);
