// What the benchmark scripts share: the paths of the built CLI and of server-everything, the
// build check, and the median.
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
