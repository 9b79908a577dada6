// What the page's timeline benchmarks share (bench-timeline.mjs, bench-side-by-side.mjs): the
// level whose searches run to their node limit, quantiles and formatting, the machine's load,
// and the server and browser around a run. Not a test.

import { loadavg } from 'node:os';
import { startServer, launchBrowser } from './harness.mjs';

/** The Warehouse level with its key walled in: BFS and the other planners explore box pushes
 * until their node limit (A*'s bound would prove the key out of reach at once). */
export const WALLED_WAREHOUSE = [
  'wwwwwwwwwwwwwwwwwwww',
  'w..................w',
  'w.1.1.1.1.1.1.1.1.ww',
  'w.................wk',
  'w.1.1.1.1.1.1.1.1.ww',
  'wA........0........w',
  'w.1.1.1.1.1.1.1.1..w',
  'w..................w',
  'w.1.1.1.1.1.1.1.1..w',
  'w.................gw',
  'wwwwwwwwwwwwwwwwwwww',
];

/** The `q` quantile (0 to 1) of `xs`, an element of it. */
export const quantile = (xs, q) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};

/** Milliseconds in words. */
export const fmt = (ms) => `${ms.toFixed(1)} ms`;

/** The load averages over 1, 5 and 15 minutes. */
export const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');

/** Serves www/, launches Chromium, runs `bench({ server, browser })`, then closes both. */
export async function runBench(bench) {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    await bench({ server, browser });
  } finally {
    await browser.close();
    await server.close();
  }
}
