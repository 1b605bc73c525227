import type { PrismaClient } from "@prisma/client";
import { e164Digits } from "@/lib/core/address";

// The operator's way to extend the inventory: a CSV of numbers, from the portal or the CLI
// (`npm run numbers:import file.csv`). Columns: number, country (ISO 3166 alpha-3), sms (optional).

export interface ImportRow {
  number: string;
  country: string;
  sms: boolean;
}

export interface ParsedCsv {
  rows: ImportRow[];
  /** One message per refused line, with its line number. */
  errors: string[];
}

export const MAX_IMPORT_ROWS = 100_000;
const TRUE = new Set(["true", "yes", "1", "y"]);
const FALSE = new Set(["false", "no", "0", "n", ""]);

/** Reads the CSV; a header line (number,country,sms), blank lines and # comments are skipped. */
export function parseNumbersCsv(text: string): ParsedCsv {
  const rows: ImportRow[] = [];
  const errors: string[] = [];
  const seen = new Set<string>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    const at = `line ${index + 1}`;
    if (!line || line.startsWith("#") || /^"?number"?\s*,/i.test(line)) return;
    const [numberCell = "", countryCell = "", smsCell = "", ...extra] = line.split(",").map((c) =>
      c
        .trim()
        .replace(/^"(.*)"$/, "$1")
        .trim(),
    );
    const number = e164Digits(numberCell);
    const country = countryCell.toUpperCase();
    const sms = smsCell.toLowerCase();
    if (extra.length) errors.push(`${at}: expected number,country[,sms]; got ${extra.length + 3} columns`);
    else if (!number) errors.push(`${at}: "${numberCell}" is not an international number (+44 7700 900123)`);
    else if (!/^[A-Z]{3}$/.test(country)) errors.push(`${at}: "${countryCell}" is not an ISO 3166 alpha-3 country code (GBR, USA)`);
    else if (!TRUE.has(sms) && !FALSE.has(sms)) errors.push(`${at}: sms is "${smsCell}"; use true or false`);
    else if (seen.has(number)) errors.push(`${at}: +${number} appears twice in the file`);
    else {
      seen.add(number);
      rows.push({ number, country, sms: TRUE.has(sms) });
    }
  });
  if (rows.length > MAX_IMPORT_ROWS) errors.push(`the file has ${rows.length} numbers; import at most ${MAX_IMPORT_ROWS} at a time`);
  return { rows, errors };
}

/** Adds the numbers as available; numbers already in the inventory are left as they are. */
export async function importNumbers(
  db: Pick<PrismaClient, "phoneNumber">,
  rows: ImportRow[],
  source: "import" | "portal",
): Promise<{ added: number; skipped: number }> {
  let added = 0;
  for (let i = 0; i < rows.length; i += 5000) {
    const chunk = rows.slice(i, i + 5000).map((r) => ({ ...r, source }));
    added += (await db.phoneNumber.createMany({ data: chunk, skipDuplicates: true })).count;
  }
  return { added, skipped: rows.length - added };
}
