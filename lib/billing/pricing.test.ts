import { Prisma } from "@prisma/client";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "@/lib/core/config";
import { creditEventTypes } from "./credit-events";
import { DEFAULT_PRICES } from "@/lib/core/price-table";
import { cheapestPrice, formatMoney, unitPrice } from "./pricing";

const d = (v: string) => new Prisma.Decimal(v);

describe("pricing table", () => {
  it("prices each item per currency and knows the cheapest", () => {
    expect(unitPrice("GBP", "call_minute", DEFAULT_PRICES).toFixed(4)).toBe("0.0150");
    expect(cheapestPrice("USD", DEFAULT_PRICES).toFixed(2)).toBe("0.01");
    expect(() => unitPrice("JPY", "sms", DEFAULT_PRICES)).toThrow(/no prices in JPY/);
  });

  it("is replaced by BILLING_PRICES, checked at start", () => {
    const table = { CHF: { purpose_number_month: "2", call_minute: "0.0125", sms: "0.1" } };
    expect(loadConfig({ BILLING_PRICES: JSON.stringify(table) }).billingPrices).toEqual(table);
    expect(loadConfig({}).billingPrices).toEqual(DEFAULT_PRICES);
    expect(() => loadConfig({ BILLING_PRICES: "{not json" })).toThrow(/BILLING_PRICES: must be JSON/);
    expect(() => loadConfig({ BILLING_PRICES: '{"usd":{"purpose_number_month":"1","call_minute":"1","sms":"1"}}' })).toThrow(ConfigError);
    expect(() => loadConfig({ BILLING_PRICES: '{"USD":{"purpose_number_month":"1","call_minute":"-1","sms":"1"}}' })).toThrow(/BILLING_PRICES/);
    expect(() => loadConfig({ BILLING_PRICES: '{"USD":{"purpose_number_month":"1","sms":"1"}}' })).toThrow(/call_minute/);
  });

  it("formats money with 2 to 4 decimals", () => {
    expect([d("10"), d("0.015"), d("0.0155"), d("-0.02"), d("1234.5")].map(formatMoney)).toEqual(["10.00", "0.015", "0.0155", "-0.02", "1234.50"]);
  });
});

describe("credit events", () => {
  const account = { id: "a", name: "n", currency: "USD", lowCreditThreshold: d("1") };
  const types = (before: string, after: string) => creditEventTypes({ account, before: d(before), after: d(after) }, d("0.01"));

  it("fires each threshold once, when crossed downwards", () => {
    expect(types("1.02", "1.00")).toEqual([]);
    expect(types("1.00", "0.99")).toEqual(["CreditLow"]);
    expect(types("0.99", "0.50")).toEqual([]);
    expect(types("0.02", "0.01")).toEqual([]);
    expect(types("0.01", "0.00")).toEqual(["CreditExhausted"]);
    expect(types("5.00", "0.00")).toEqual(["CreditLow", "CreditExhausted"]);
  });

  it("never fires CreditLow for a threshold of zero", () => {
    expect(creditEventTypes({ account: { ...account, lowCreditThreshold: d("0") }, before: d("1"), after: d("0") }, d("0.01"))).toEqual([
      "CreditExhausted",
    ]);
  });
});
