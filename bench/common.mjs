// What the benchmark scripts share: the paths of the built CLI and of server-everything, the
// build check, the median, and where a run's wall time went.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const cli = join(root, 'dist', 'cli', 'main.js');
export const everything = join(root, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');

/** Exits with code 2 when dist/ has not been built. */
export function requireBuild() {
  if (!existsSync(cli)) {
    console.error('bench: dist/ is missing; run `npm run build` first.');
    process.exit(2);
  }
  // Figures depend on it: every Node process a target command starts parses that CA bundle as it
  // starts (tens of ms of CPU each); the bundled reference server is started without it.
  if (process.env.NODE_EXTRA_CA_CERTS) {
    console.error('bench: NODE_EXTRA_CA_CERTS is set: Node targets of a --server command (server-everything) and the official CLI parse it at every start.');
  }
}

export { median } from './median.mjs';

/**
 * Where a run's wall time went, from its JSON report: the wall time outside the run's own measured
 * duration (loading, starting the server, writing the reports, exiting; the probes are inside it)
 * and the cells that took longest. A run cannot end sooner than its longest cell plus that time,
 * whatever its concurrency: that sum is about the floor the target's own timing sets.
 */
export function wallTimeParts(report, wallMs, count = 3) {
  const outside = wallMs - (report?.summary?.durationMs ?? Number.NaN);
  const cells = [...(report?.scenarios ?? [])].filter((c) => c.status !== 'skipped').sort((a, b) => b.durationMs - a.durationMs);
  const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
  const longest = cells.slice(0, count).map((c) => `${c.id} @ ${c.revision} ${s(c.durationMs)}`);
  return `outside the run's duration ${s(outside)}; longest cells: ${longest.join(', ')}`;
}
