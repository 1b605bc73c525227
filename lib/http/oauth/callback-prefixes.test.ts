import { describe, expect, it } from "vitest";
import { callbackAllowed, callbackUrlPrefix, callbackUrlPrefixes, prefixLines } from "./callback-prefixes";

describe("callback URL prefixes", () => {
  const prefixes = ["https://app.example/cb", "http://127.0.0.1:8080/", "myapp://oauth/done"];

  it("allows the prefix itself and what lies under it at a / boundary", () => {
    for (const ok of [
      "https://app.example/cb",
      "https://app.example/cb?x=1",
      "https://app.example/cb/next",
      "http://127.0.0.1:8080/anything?a=b",
      "myapp://oauth/done?t=1",
    ]) {
      expect(callbackAllowed(ok, prefixes), ok).toBe(true);
    }
  });

  it("refuses look-alikes: other hosts, ports, schemes, paths, credentials and dot segments", () => {
    for (const bad of [
      "https://app.example/cbx",
      "https://app.example/other",
      "https://app.example.evil/cb",
      "https://app.example@evil.example/cb",
      "https://user@app.example/cb",
      "http://app.example/cb",
      "https://app.example:444/cb",
      "http://127.0.0.1:8081/",
      "https://app.example/cb/../evil",
      "https://app.example/cb/%2e%2e/evil",
      "javascript:alert(1)//https://app.example/cb",
      "not a url",
      "",
    ]) {
      expect(callbackAllowed(bad, prefixes), bad).toBe(false);
    }
    expect(callbackAllowed("https://app.example/cb", [])).toBe(false);
  });

  it("lets a loopback prefix without a port allow any port of that host only (RFC 8252 7.3)", () => {
    const loopback = ["http://127.0.0.1/app", "http://localhost:8080/"];
    expect(callbackAllowed("http://127.0.0.1:53124/app/cb", loopback)).toBe(true);
    expect(callbackAllowed("http://127.0.0.1/app", loopback)).toBe(true);
    expect(callbackAllowed("http://localhost:8080/x", loopback)).toBe(true);
    expect(callbackAllowed("http://localhost:8081/x", loopback)).toBe(false);
    expect(callbackAllowed("http://127.0.0.2:53124/app", loopback)).toBe(false);
    expect(callbackAllowed("https://127.0.0.1:53124/app", loopback)).toBe(false);
    expect(callbackAllowed("http://127.0.0.1:53124/other", loopback)).toBe(false);
  });

  it("validates and normalizes what the developer registers", () => {
    expect(callbackUrlPrefix.parse(" HTTPS://App.Example/cb ")).toBe("https://app.example/cb");
    for (const bad of [
      "/relative",
      "javascript:alert(1)",
      "https://u:p@app.example/",
      "https://app.example/?q=1",
      "https://app.example/#f",
      "data:text/html,x",
    ]) {
      expect(callbackUrlPrefix.safeParse(bad).success, bad).toBe(false);
    }
    expect(callbackUrlPrefixes.safeParse(Array.from({ length: 11 }, (_, i) => `https://a.example/${i}`)).success).toBe(false);
    expect(prefixLines("https://a.example/\r\n\n  https://b.example/cb  \n")).toEqual(["https://a.example/", "https://b.example/cb"]);
  });
});
