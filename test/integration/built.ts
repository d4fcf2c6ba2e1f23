// The built engine (dist/), for the integration tests that run it in their own process. Node loads
// it as it loads the CLI the other tests spawn, instead of vitest transforming the TypeScript
// sources again in every test process (each integration file has a process of its own): about 3 s
// of CPU less for each file that runs the engine, on 2 cores. `npm test` builds first; run
// `npm run build` before running an integration file alone, as the tests that spawn the CLI already
// need. The types are the sources' own (`typeof import(...)` is erased), so the type check needs no
// build, and dist is the compiled sources: the same code.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './run-cli.js';

/** The built module for the source module at `path` (relative to the root, ending in .js), typed as that source `T`. */
export async function built<T>(path: string): Promise<T> {
  // vitest.config.ts externalizes dist/, so Node's own loader runs this import.
  return (await import(/* @vite-ignore */ pathToFileURL(join(ROOT, 'dist', path)).href)) as T;
}
