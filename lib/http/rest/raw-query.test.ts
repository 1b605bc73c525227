import { describe, expect, it } from "vitest";
import { RAW_QUERY_HEADER, rawQueryOf, rawSearch } from "./raw-query";

describe("the raw query", () => {
  const url = new URL("http://x/rest/1.0/users?q=a+b%3Ac"); // as Next.js re-serializes "q=a%20b:c"
  const withHeader = (value: string) => new Request(url, { headers: { [RAW_QUERY_HEADER]: value } });

  it("is the query as sent when it decodes to the same parameters as the URL", () => {
    expect(rawSearch(withHeader("?q=a%20b:c"), url)).toBe("?q=a%20b:c");
    expect(rawSearch(new Request(url), url)).toBe("?q=a+b%3Ac");
    // escape() writes Latin-1 (%EB for ë), which is not UTF-8: still the same query.
    const latin1 = new URL("http://x/?b=Zo%EB");
    latin1.search = new URLSearchParams(latin1.searchParams).toString();
    expect(rawSearch(new Request(latin1, { headers: { [RAW_QUERY_HEADER]: "?b=Zo%EB" } }), latin1)).toBe("?b=Zo%EB");
  });

  it("is ignored when forged: other values, other or extra parameters, broken escapes", () => {
    for (const forged of ["?q=a%20b:d", "?q=a%20b:c&x=1", "?r=a%20b:c", "?q=a%2", "?q=a%20b%3Ac%3D", ""]) {
      expect(rawSearch(withHeader(forged), url), forged).toBe("?q=a+b%3Ac");
    }
  });

  it("is taken from the request target only when it is printable ASCII", () => {
    expect(rawQueryOf("/rest/1.0/users?q=a%20b:c")).toBe("?q=a%20b:c");
    expect(rawQueryOf("/rest/1.0/users")).toBeNull();
    expect(rawQueryOf("/rest/1.0/users?q=\u00e9")).toBeNull();
  });
});
