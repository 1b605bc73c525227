import { describe, expect, it } from "vitest";
import { thrown } from "@/lib/core/testing/thrown";
import { ApiError } from "@/lib/core/errors/api-error";
import { sqlValues } from "@/lib/core/db/sql-values";
import { filterSql, MAX_COUNT, PAGE, parseListQuery, toPage, type Filterable } from "./list-query";

const filterable: Filterable = {
  login: { type: "string", column: "login" },
  domain: { type: "string", column: "domain.name" },
  guid: { type: "uuid", column: "id" },
  createdOn: { type: "datetime", column: "createdAt" },
};
const parse = (query: string) => parseListQuery(new URLSearchParams(query), filterable);

function refusal(query: string): ApiError {
  const error = thrown(() => parse(query));
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("paging", () => {
  it("defaults to the first page of at most MAX_COUNT, without itemsPerPage (the spec: present if and only if count was given)", () => {
    const q = parse("");
    expect(q).toMatchObject({ startIndex: 0, skip: 0, take: MAX_COUNT, where: {} });
    expect(q.requestedCount).toBeUndefined();
    expect(toPage(q, 0, [])).toEqual({ startIndex: 0, totalResults: 0, entry: [] });
    expect(toPage(q, 2, ["a", "b"])).toEqual({ startIndex: 0, totalResults: 2, entry: ["a", "b"] });
    expect(toPage(parse("startIndex=1"), 2, ["b"])).toEqual({ startIndex: 1, totalResults: 2, entry: ["b"] });
  });

  it("sends itemsPerPage, the number on the page, whenever count was given", () => {
    expect(toPage(parse("count=2"), 5, ["a", "b"])).toEqual({ startIndex: 0, itemsPerPage: 2, totalResults: 5, entry: ["a", "b"] });
    expect(toPage(parse("count=0"), 5, [])).toEqual({ startIndex: 0, itemsPerPage: 0, totalResults: 5, entry: [] });
  });

  it("maps startIndex and count to skip and take", () => {
    expect(parse("startIndex=20&count=10")).toMatchObject({ startIndex: 20, requestedCount: 10, skip: 20, take: 10 });
  });

  it("caps count and reports the real page size in itemsPerPage", () => {
    const q = parse(`count=${MAX_COUNT * 5}`);
    expect(q.take).toBe(MAX_COUNT);
    const page = toPage(
      q,
      1000,
      Array.from({ length: MAX_COUNT }, (_, i) => i),
    );
    expect(page.itemsPerPage).toBe(MAX_COUNT);
    expect(page.totalResults).toBe(1000);
  });

  it("shows itemsPerPage as the number on the page when fewer remain", () => {
    expect(toPage(parse("startIndex=2&count=5"), 3, ["c"])).toEqual({ startIndex: 2, itemsPerPage: 1, totalResults: 3, entry: ["c"] });
  });

  it("allows count=0 to ask only for totalResults", () => {
    expect(parse("count=0").take).toBe(0);
  });

  it("marks pages so the operation wrapper sends them without another envelope", () => {
    const page = toPage(parse("count=10"), 0, []);
    expect(PAGE in page).toBe(true);
    expect(JSON.stringify(page)).toBe('{"startIndex":0,"itemsPerPage":0,"totalResults":0,"entry":[]}');
    expect(JSON.stringify(toPage(parse(""), 0, []))).toBe('{"startIndex":0,"totalResults":0,"entry":[]}');
  });

  it.each(["startIndex=-1", "startIndex=abc", "startIndex=1.5", "count=-3", "count=abc", "count=1e3", "count="])(
    "refuses %s naming the parameter",
    (query) => {
      const error = refusal(query);
      expect(error.status).toBe(400);
      expect(error.options.extra?.parameter).toBe(query.split("=")[0]);
    },
  );
});

describe("filters", () => {
  it("equals matches exactly and is the default op", () => {
    expect(parse("filterBy=login&filterValue=Bob").where).toEqual({ login: { equals: "Bob" } });
    expect(parse("filterBy=login&filterOp=equals&filterValue=Bob").where).toEqual({ login: { equals: "Bob" } });
  });

  it("contains and startsWith ignore case", () => {
    expect(parse("filterBy=login&filterOp=contains&filterValue=ob").where).toEqual({ login: { contains: "ob", mode: "insensitive" } });
    expect(parse("filterBy=login&filterOp=startsWith&filterValue=B").where).toEqual({ login: { startsWith: "B", mode: "insensitive" } });
  });

  it("matches %, _ and \\ in contains, startsWith and endsWith literally (escaped for ILIKE)", () => {
    expect(parse("filterBy=login&filterOp=contains&filterValue=50%25_off%5C").where).toEqual({
      login: { contains: "50\\%\\_off\\\\", mode: "insensitive" },
    });
    expect(parse("filterBy=login&filterOp=all&filterValue=*a_").where).toEqual({ AND: [{ login: { endsWith: "a\\_", mode: "insensitive" } }] });
  });

  it("gives raw SQL the same filters, every value a parameter", () => {
    const q = parse("filterBy=login,createdOn&filterOp=all&filterValue=*o%25*,2026-11");
    const values = sqlValues();
    expect(filterSql(q.filters, "u", values)).toBe(
      `u."login" ILIKE $1 AND u."createdAt" >= ($2::timestamptz AT TIME ZONE 'UTC') AND u."createdAt" < ($3::timestamptz AT TIME ZONE 'UTC')`,
    );
    expect(values.values).toEqual(["%o\\%%", "2026-11-01T00:00:00.000Z", "2026-12-01T00:00:00.000Z"]);
    expect(filterSql(parse("").filters, "u", sqlValues())).toBe("true");
    expect(() => filterSql(parse("filterBy=domain&filterValue=x").filters, "u", sqlValues())).toThrow(/domain\.name/);
  });

  it("filters raw SQL on another table's column through the expression it is given", () => {
    const values = sqlValues();
    const related = { "domain.name": `(SELECT name FROM "Domain" WHERE id = u."domainId")` };
    expect(filterSql(parse("filterBy=domain&filterOp=startsWith&filterValue=De").filters, "u", values, related)).toBe(
      `lower((SELECT name FROM "Domain" WHERE id = u."domainId")) LIKE lower($1)`,
    );
    expect(values.values).toEqual(["De%"]);
  });

  it("present ignores filterValue, and is no condition at all on a required property", () => {
    const nullable = { nick: { type: "string", column: "nick", nullable: true } } as const;
    expect(parseListQuery(new URLSearchParams("filterBy=nick&filterOp=present"), nullable).where).toEqual({ nick: { not: null } });
    expect(parseListQuery(new URLSearchParams("filterBy=nick&filterOp=present&filterValue=x"), nullable).where).toEqual({ nick: { not: null } });
    expect(parse("filterBy=login&filterOp=present").where).toEqual({});
    expect(parse("filterBy=guid&filterOp=present").where).toEqual({});
  });

  it("refuses dates the database cannot hold", () => {
    expect(refusal("filterBy=createdOn&filterOp=equals&filterValue=-271821-04-20T00:00:00Z").code).toBe("invalid_parameter");
    expect(refusal("filterBy=createdOn&filterOp=startsWith&filterValue=0000").code).toBe("invalid_parameter");
    expect(refusal("filterBy=createdOn&filterOp=startsWith&filterValue=2026-13").code).toBe("invalid_parameter");
    expect(refusal("filterBy=createdOn&filterOp=startsWith&filterValue=2026-00").code).toBe("invalid_parameter");
  });

  it("nests dotted columns as relation filters", () => {
    expect(parse("filterBy=domain&filterValue=demo").where).toEqual({ domain: { name: { equals: "demo" } } });
  });

  it("matches GUIDs exactly, lowercased", () => {
    expect(parse("filterBy=guid&filterValue=0A1B2C3D-0000-4000-8000-000000000000").where).toEqual({
      id: { equals: "0a1b2c3d-0000-4000-8000-000000000000" },
    });
  });

  it("turns a date prefix into a half-open range for timestamps", () => {
    expect(parse("filterBy=createdOn&filterOp=startsWith&filterValue=2026-11").where).toEqual({
      createdAt: { gte: new Date("2026-11-01T00:00:00Z"), lt: new Date("2026-12-01T00:00:00Z") },
    });
    expect(parse("filterBy=createdOn&filterOp=startsWith&filterValue=2026-12-31").where).toEqual({
      createdAt: { gte: new Date("2026-12-31T00:00:00Z"), lt: new Date("2027-01-01T00:00:00Z") },
    });
    expect(parse("filterBy=createdOn&filterOp=startsWith&filterValue=2026").where).toEqual({
      createdAt: { gte: new Date("2026-01-01T00:00:00Z"), lt: new Date("2027-01-01T00:00:00Z") },
    });
    expect(parse("filterBy=createdOn&filterValue=2026-11-23T10:00:00Z").where).toEqual({
      createdAt: { equals: new Date("2026-11-23T10:00:00Z") },
    });
  });

  it.each([
    ["filterBy=password&filterValue=x", "filterBy", /Filterable properties: login, domain, guid, createdOn/],
    ["filterBy=login&filterOp=like&filterValue=x", "filterOp", /equals, contains, startsWith, present, all/],
    ["filterBy=login&filterOp=contains", "filterValue", /needs a filterValue/],
    ["filterOp=equals", "filterBy", /need filterBy/],
    ["filterBy=guid&filterOp=contains&filterValue=x", "filterOp", /equals or present/],
    ["filterBy=guid&filterValue=nope", "filterValue", /GUID/],
    ["filterBy=createdOn&filterOp=contains&filterValue=2026", "filterOp", /not supported/],
    ["filterBy=createdOn&filterValue=yesterday", "filterValue", /ISO 8601/],
    ["filterBy=createdOn&filterOp=startsWith&filterValue=2026-1", "filterValue", /YYYY/],
    ["filterBy=__proto__&filterValue=x", "filterBy", /Cannot filter/],
  ])("refuses %s (parameter %s)", (query, parameter, message) => {
    const error = refusal(query);
    expect(error.code).toBe("invalid_parameter");
    expect(error.options.extra?.parameter).toBe(parameter);
    expect(error.message).toMatch(message);
  });

  it("explains when a collection cannot be filtered at all", () => {
    expect(() => parseListQuery(new URLSearchParams("filterBy=x&filterValue=y"), {})).toThrow(/cannot be filtered/);
  });
});

describe("filterOp=all (several properties, comma lists)", () => {
  it("ANDs one condition per property, equals by default", () => {
    expect(parse("filterBy=login,domain&filterOp=all&filterValue=Bob,demo").where).toEqual({
      AND: [{ login: { equals: "Bob" } }, { domain: { name: { equals: "demo" } } }],
    });
  });

  it("turns a * at either end into startsWith, endsWith or contains, ignoring case", () => {
    expect(parse("filterBy=login,login,login&filterOp=all&filterValue=ab*,*yz,*mid*").where).toEqual({
      AND: [
        { login: { startsWith: "ab", mode: "insensitive" } },
        { login: { endsWith: "yz", mode: "insensitive" } },
        { login: { contains: "mid", mode: "insensitive" } },
      ],
    });
  });

  it("skips empty values and a lone *, and trims around commas", () => {
    expect(parse("filterBy=login, domain ,guid&filterOp=all&filterValue=Bob, ,*").where).toEqual({ AND: [{ login: { equals: "Bob" } }] });
    expect(parse("filterBy=login&filterOp=all&filterValue=").where).toEqual({});
  });

  it("keeps the rules of each property type: GUIDs exact, timestamps as instants or date prefixes", () => {
    expect(parse("filterBy=guid,createdOn&filterOp=all&filterValue=0A1B2C3D-0000-4000-8000-000000000000,2026-11").where).toEqual({
      AND: [
        { id: { equals: "0a1b2c3d-0000-4000-8000-000000000000" } },
        { createdAt: { gte: new Date("2026-11-01T00:00:00Z"), lt: new Date("2026-12-01T00:00:00Z") } },
      ],
    });
    expect(parse("filterBy=createdOn&filterOp=all&filterValue=2026*").where).toEqual({
      AND: [{ createdAt: { gte: new Date("2026-01-01T00:00:00Z"), lt: new Date("2027-01-01T00:00:00Z") } }],
    });
  });

  it.each([
    ["filterBy=login,domain&filterOp=all&filterValue=Bob", "filterValue", /one filterValue per filterBy property: got 2 properties and 1 values/],
    ["filterBy=login,domain&filterOp=all", "filterValue", /needs a filterValue/],
    ["filterBy=login,password&filterOp=all&filterValue=a,b", "filterBy", /Cannot filter on "password"/],
    ["filterBy=login&filterOp=all&filterValue=a*b", "filterValue", /inside/],
    ["filterBy=guid&filterOp=all&filterValue=*abc", "filterValue", /exact value/],
    ["filterBy=guid&filterOp=all&filterValue=nope", "filterValue", /GUID/],
    ["filterBy=login,domain&filterValue=a,b", "filterBy", /add filterOp=all/],
  ])("refuses %s (parameter %s)", (query, parameter, message) => {
    const error = refusal(query);
    expect(error.code).toBe("invalid_parameter");
    expect(error.options.extra?.parameter).toBe(parameter);
    expect(error.message).toMatch(message);
  });
});

describe("a property with a display prefix", () => {
  const numbers: Filterable = { id: { type: "string", column: "number", prefix: "tel:" } };
  const where = (query: string) => parseListQuery(new URLSearchParams(query), numbers).where;

  it("matches with or without the prefix, in every form", () => {
    expect(where("filterBy=id&filterValue=tel:447700900123")).toEqual({ number: { equals: "447700900123" } });
    expect(where("filterBy=id&filterValue=447700900123")).toEqual({ number: { equals: "447700900123" } });
    expect(where("filterBy=id&filterOp=startsWith&filterValue=TEL:4477")).toEqual({ number: { startsWith: "4477", mode: "insensitive" } });
    expect(where("filterBy=id&filterOp=all&filterValue=*tel:900*")).toEqual({ AND: [{ number: { contains: "900", mode: "insensitive" } }] });
  });
});
