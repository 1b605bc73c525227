import { listApplicationEvents } from "@/lib/events/portal";
import { ApiError } from "@/lib/rest/api-error";
import { portalJson } from "./portal-json";

export const dynamic = "force-dynamic";

function wholeNumber(params: URLSearchParams, name: string): number | undefined {
  const raw = params.get(name);
  if (raw === null || raw === "") return undefined;
  if (!/^\d{1,9}$/.test(raw)) {
    throw new ApiError("invalid_parameter", `${name} must be a whole number of 0 or more; got "${raw}".`, { extra: { parameter: name } });
  }
  return Number(raw);
}

/** One page of the signed-in owner's application events (?status, ?type, ?startIndex, ?count): the events page polls it. */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const query = new URL(request.url).searchParams;
  return portalJson((developer) =>
    listApplicationEvents(developer.id, id, {
      status: query.get("status") ?? undefined,
      type: query.get("type") ?? undefined,
      startIndex: wholeNumber(query, "startIndex"),
      count: wholeNumber(query, "count"),
    }),
  );
}
