// How many cells run at once when the caller does not say.
import { cpus } from 'node:os';

/**
 * Cells run at once by default. Over stdio every cell starts its own server process, so the CPU
 * count bounds it; over HTTP (and in memory) cells share one server and mostly wait on it, so more
 * can overlap.
 */
export function defaultConcurrency(transport: 'stdio' | 'http' | 'in-memory'): number {
  const cores = Math.max(1, cpus().length);
  return transport === 'stdio' ? cores : Math.max(8, cores * 4);
}
