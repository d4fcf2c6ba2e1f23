// How many cells run at once when the caller does not say.
import { cpus } from 'node:os';

/**
 * Cells run at once by default. Over stdio cells take turns on shared server processes and spend
 * most of their time waiting (for answers, for silence a scenario expects, for slow tools), so
 * twice the CPU count and at least 8 overlap: against server-everything on 2 cores that took a full
 * run from 78 s to 30 s with the same verdicts in every cell (docs/performance.md). Over HTTP (and
 * in memory) cells share one server and wait on it even more (slow tools, tasks, stream
 * resumption): at least 16 at once took server-everything over HTTP from 6.8 s to 6.0 s and the
 * reference server from 4.3 s to 3.9 s on 2 cores, with the same verdicts in every cell.
 */
export function defaultConcurrency(transport: 'stdio' | 'http' | 'in-memory'): number {
  const cores = Math.max(1, cpus().length);
  return transport === 'stdio' ? Math.max(8, cores * 2) : Math.max(16, cores * 4);
}
