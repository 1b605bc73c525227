import { prisma } from "@/lib/core/db/client";
import type { DeveloperActor } from "@/lib/core/tenancy/actor";
import { deviceScope } from "@/lib/core/tenancy/scope";

// ISO 3166-1 alpha-2 (a browser's language region) to the inventory's alpha-3, for the countries
// a browser commonly names; a region not listed simply gives no default.
const ALPHA3: Record<string, string> = {
  US: "USA",
  GB: "GBR",
  CA: "CAN",
  AU: "AUS",
  NZ: "NZL",
  IE: "IRL",
  DE: "DEU",
  FR: "FRA",
  ES: "ESP",
  IT: "ITA",
  NL: "NLD",
  BE: "BEL",
  CH: "CHE",
  AT: "AUT",
  SE: "SWE",
  NO: "NOR",
  DK: "DNK",
  FI: "FIN",
  PT: "PRT",
  PL: "POL",
  IN: "IND",
  JP: "JPN",
  BR: "BRA",
  MX: "MEX",
  ZA: "ZAF",
  SG: "SGP",
};

/** The regions of an Accept-Language header, most preferred first ("en-GB,en;q=0.8" -> ["GB"]). */
function languageRegions(acceptLanguage: string | null): string[] {
  return (acceptLanguage ?? "")
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = Number(
        params
          .find((p) => p.trim().startsWith("q="))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { region: /^[a-z]{2,3}[-_]([a-z]{2})\b/i.exec(tag)?.[1]?.toUpperCase(), q: Number.isFinite(q) ? q : 0 };
    })
    .filter((l): l is { region: string; q: number } => !!l.region && l.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((l) => l.region);
}

/**
 * The country the number pages open on: that of the number the developer's users got most
 * recently, else the browser's region when the inventory has numbers there, else none (all).
 */
export async function homeCountry(actor: DeveloperActor, acceptLanguage: string | null): Promise<string | undefined> {
  const held = await prisma.phoneNumber.findFirst({
    where: { status: "allocated", device: deviceScope(actor) },
    orderBy: [{ allocatedAt: "desc" }, { number: "asc" }],
    select: { country: true },
  });
  if (held) return held.country;
  for (const region of languageRegions(acceptLanguage)) {
    const country = ALPHA3[region];
    if (country && (await prisma.phoneNumber.count({ where: { country } })) > 0) return country;
  }
  return undefined;
}
