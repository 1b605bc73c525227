"use client";

import { Bar, BarChart, ResponsiveContainer, Tooltip, XAxis } from "recharts";

// The overview's small charts (recharts): 30 days, no axes or grid, a tooltip per day. The figures
// they draw are also in the text beside them, so each chart is one image with a summary for screen readers.

const HEIGHT = 72;

function dayLabel(day: unknown): string {
  return new Date(`${String(day)}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
}

const tooltipProps = {
  cursor: { fill: "var(--chart-cursor)" },
  labelFormatter: dayLabel,
  contentStyle: {
    background: "var(--color-surface)",
    border: "1px solid var(--color-slate-200)",
    borderRadius: 6,
    fontSize: 12,
    padding: "4px 8px",
    color: "var(--color-slate-800)",
  },
  labelStyle: { color: "var(--color-slate-600)" },
} as const;

/** The days along the bottom: a thin line, no labels (the tooltip names each day). */
function Baseline() {
  return <XAxis dataKey="day" tick={false} tickLine={false} height={1} axisLine={{ stroke: "var(--color-slate-300)" }} />;
}

function Frame({ label, children }: { label: string; children: React.ReactElement }) {
  return (
    <div role="img" aria-label={label} className="h-[72px] w-full">
      <ResponsiveContainer width="100%" height={HEIGHT} initialDimension={{ width: 320, height: HEIGHT }}>
        {children}
      </ResponsiveContainer>
    </div>
  );
}

/** Bars of a count per day. */
export function DailyBars({ label, data, name }: { label: string; data: { day: string; count: number }[]; name: string }) {
  return (
    <Frame label={label}>
      <BarChart data={data} margin={{ top: 4, right: 0, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <Baseline />
        <Tooltip {...tooltipProps} />
        <Bar dataKey="count" name={name} fill="var(--chart-primary)" radius={[2, 2, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </Frame>
  );
}

/** Stacked bars of delivered (green) and failed (red) events per day. */
export function DeliveryBars({ label, data }: { label: string; data: { day: string; delivered: number; failed: number }[] }) {
  return (
    <Frame label={label}>
      <BarChart data={data} margin={{ top: 4, right: 0, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <Baseline />
        <Tooltip {...tooltipProps} />
        <Bar dataKey="delivered" name="Delivered" stackId="events" fill="var(--chart-success)" isAnimationActive={false} />
        <Bar dataKey="failed" name="Failed" stackId="events" fill="var(--chart-danger)" radius={[2, 2, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </Frame>
  );
}

/** A billing account's balance at the end of each day since it was opened. */
export function BalanceBars({ label, data, currency }: { label: string; data: { day: string; balance: number | null }[]; currency: string }) {
  return (
    <Frame label={label}>
      <BarChart data={data} margin={{ top: 4, right: 0, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <Baseline />
        <Tooltip {...tooltipProps} formatter={(v) => [`${Number(v).toFixed(2)} ${currency}`, "Balance"]} />
        <Bar
          dataKey="balance"
          name="Balance"
          fill="var(--chart-primary-soft)"
          stroke="var(--chart-primary)"
          radius={[2, 2, 0, 0]}
          isAnimationActive={false}
        />
      </BarChart>
    </Frame>
  );
}
