import { describe, expect, it } from "vitest";
import { parseNumbersCsv } from "./import-numbers";

describe("parseNumbersCsv", () => {
  it("reads numbers in any common spelling, skipping the header, blanks and comments", () => {
    const csv = [
      "number,country,sms",
      "# UK test range",
      "+44 7700 900123,gbr,true",
      "",
      '"+1 (212) 555-0150","USA",no',
      "0033 1 99 00 00 00,FRA",
    ].join("\r\n");
    expect(parseNumbersCsv(csv)).toEqual({
      rows: [
        { number: "447700900123", country: "GBR", sms: true },
        { number: "12125550150", country: "USA", sms: false },
        { number: "33199000000", country: "FRA", sms: false },
      ],
      errors: [],
    });
  });

  it("names each refused line and why", () => {
    const { rows, errors } = parseNumbersCsv(
      [
        "07700 900123,GBR",
        "+447700900124,UK",
        "+447700900125,GBR,maybe",
        "+447700900126,GBR,true,x",
        "+447700900127,GBR",
        "+44 7700 900127,GBR",
      ].join("\n"),
    );
    expect(rows).toEqual([{ number: "447700900127", country: "GBR", sms: false }]);
    expect(errors).toEqual([
      'line 1: "07700 900123" is not an international number (+44 7700 900123)',
      'line 2: "UK" is not an ISO 3166 alpha-3 country code (GBR, USA)',
      'line 3: sms is "maybe"; use true or false',
      "line 4: expected number,country[,sms]; got 4 columns",
      "line 6: +447700900127 appears twice in the file",
    ]);
  });
});
