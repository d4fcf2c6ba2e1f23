#!/usr/bin/env node
// Bundles the reference server's stdio entry into one file, next to it in dist/. A default run
// starts the reference server about 140 times (a process per unit of cells, see
// docs/performance.md); loading one file instead of some fifty ES modules costs about 25 ms less CPU
// per start, a quarter of what a start costs. As CommonJS it costs about 4 ms less again: Node does
// not set up its ES module loader for the entry. Runs after `tsc` in `npm run build`.
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dir = join(root, 'dist', 'mocks', 'reference');

await build({
  entryPoints: [join(dir, 'stdio-main.js')],
  // Same folder as the entry: the package root is found from the bundle's own location.
  outfile: join(dir, 'stdio-server.cjs'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  // The package root is found from the module's own URL (schema/package-root.ts).
  define: { 'import.meta.url': '__moduleUrl' },
  banner: { js: "const __moduleUrl = require('node:url').pathToFileURL(__filename).href;" },
  target: 'node20',
  logLevel: 'warning',
  legalComments: 'none',
});
