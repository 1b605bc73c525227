// The inventory's seed: number ranges that regulators reserve for fiction (films, TV, books,
// documentation), so no real subscriber can ever be called or texted through a demo. See
// docs/numbers.md for the sources. Operators add real numbers with `npm run numbers:import`.

export interface NumberRange {
  /** ISO 3166-1 alpha-3 */
  country: string;
  /** First and last number, E.164 digits. */
  first: string;
  last: string;
  sms: boolean;
  note: string;
}

export const FICTIONAL_RANGES: NumberRange[] = [
  { country: "GBR", first: "447700900000", last: "447700900999", sms: true, note: "Ofcom drama mobile numbers 07700 900000-900999" },
  { country: "GBR", first: "442079460000", last: "442079460999", sms: false, note: "Ofcom drama London numbers 020 7946 0000-0999" },
  { country: "USA", first: "12125550100", last: "12125550199", sms: true, note: "NANP fictional 555-0100-0199, New York (212)" },
  { country: "USA", first: "14155550100", last: "14155550199", sms: true, note: "NANP fictional 555-0100-0199, San Francisco (415)" },
  { country: "CAN", first: "14165550100", last: "14165550199", sms: true, note: "NANP fictional 555-0100-0199, Toronto (416)" },
  { country: "AUS", first: "61255500000", last: "61255500099", sms: false, note: "ACMA drama numbers (02) 5550 xxxx, Sydney" },
];

/** Every number of a range, in order. */
export function numbersOf(range: Pick<NumberRange, "first" | "last">): string[] {
  const [first, last] = [BigInt(range.first), BigInt(range.last)];
  const numbers: string[] = [];
  for (let n = first; n <= last; n++) numbers.push(n.toString());
  return numbers;
}
