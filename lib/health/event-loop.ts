import { monitorEventLoopDelay, type IntervalHistogram } from "node:perf_hooks";

// How late this process's event loop runs timers: the health check reports the last 10 seconds'
// p99 and maximum, so a load balancer or the soak script (scripts/soak.ts) sees a blocked loop.
const WINDOW_MS = 10_000;

export interface EventLoopDelay {
  p99Ms: number;
  maxMs: number;
  windowSeconds: number;
}

let histogram: IntervalHistogram | undefined;
let last: EventLoopDelay | undefined;

const ms = (ns: number) => Math.round(ns / 1e4) / 100;

function start(): IntervalHistogram {
  const h = monitorEventLoopDelay({ resolution: 20 });
  h.enable();
  setInterval(() => {
    last = { p99Ms: ms(h.percentile(99)), maxMs: ms(h.max), windowSeconds: WINDOW_MS / 1000 };
    h.reset();
  }, WINDOW_MS).unref();
  return h;
}

/** The event loop's delay over the last full window (over the time since the first call, before one ends). */
export function eventLoopDelay(): EventLoopDelay {
  histogram ??= start();
  if (last) return last;
  const count = histogram.count;
  return { p99Ms: count ? ms(histogram.percentile(99)) : 0, maxMs: count ? ms(histogram.max) : 0, windowSeconds: WINDOW_MS / 1000 };
}
