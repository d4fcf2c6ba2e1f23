// Vitest's globalSetup: bundles the SDK-based fixtures and example clients the integration tests
// start hundreds of times into one file each (esbuild), once per `vitest run`, and tells the test
// files where they are (test/integration/fixture-command.ts). Same code, one file: loading the
// SDK, zod and ajv from one file instead of a few hundred modules costs about 0.05 to 0.17 s less
// CPU per start (CONTRIBUTING.md, "Test tiers"), and these processes took about 240 s of the
// 700 s of CPU a run of `npm test` spent.
//
// A bundle is rebuilt only when one of its inputs changed: next to it lies the SHA-256 of every
// file esbuild read for it (and of the build options), checked at each run (about 20 ms for all of
// them), so a second run builds nothing. The cache is in node_modules/.cache (ignored by git), in
// a folder per checkout, since checkouts may share one node_modules.
//
// Bundling changes nothing these files do: none reads a file next to itself, its package.json or
// process.argv[1] (only later arguments), and their dynamic imports name packages, which esbuild
// bundles too. The CommonJS packages among their dependencies call `require` for Node's built-in
// modules only, which the banner provides.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions, version as esbuildVersion } from 'esbuild';
import type { TestProject } from 'vitest/node';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The files bundled, relative to the repository root: each is started many times by the integration tests. */
const ENTRIES = [
  'test/fixtures/targets/sdk-stdio-server.mjs',
  'test/fixtures/targets/sdk2-stdio-server.mjs',
  'test/fixtures/targets/real/tmcp-server.mjs',
  'examples/clients/sdk-client.mjs',
  'examples/clients/sdk2-client.mjs',
];

declare module 'vitest' {
  export interface ProvidedContext {
    /** Entry (relative to the repository root) → its bundle (relative to the repository root). */
    fixtureBundles: Record<string, string>;
  }
}

const OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Resolve packages as Node does (its `import`/`node`/`default` conditions and `main`), not with
  // the bundler-only `module` condition and field esbuild would otherwise add.
  conditions: [],
  mainFields: ['main'],
  // CommonJS dependencies (cross-spawn, ajv's JSON) call `require`, which an ES module lacks.
  banner: { js: "import { createRequire as __bundleCreateRequire } from 'node:module'; const require = __bundleCreateRequire(import.meta.url);" },
  legalComments: 'none',
  logLevel: 'warning',
} satisfies BuildOptions;
/** What else decides a bundle's content besides its inputs: a change here rebuilds them all. */
const OPTIONS_KEY = sha256(JSON.stringify({ esbuildVersion, OPTIONS }));

function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** What a bundle was built from: input path (relative to the root) → SHA-256 of its content. */
interface Manifest {
  options: string;
  inputs: Record<string, string>;
}

/** Hashes read once per run: the bundles share most of their inputs. */
const hashes = new Map<string, string | undefined>();
function hashOf(path: string): string | undefined {
  if (!hashes.has(path)) {
    let hash: string | undefined;
    try {
      hash = sha256(readFileSync(join(ROOT, path)));
    } catch {
      hash = undefined;
    }
    hashes.set(path, hash);
  }
  return hashes.get(path);
}

function isFresh(manifestPath: string): boolean {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  } catch {
    return false;
  }
  return manifest.options === OPTIONS_KEY && Object.entries(manifest.inputs).every(([path, hash]) => hashOf(path) === hash);
}

/** Bundles `entry` unless its bundle is fresh; returns the bundle's path relative to the root. */
async function bundle(entry: string, dir: string): Promise<string> {
  const outfile = join(dir, entry);
  const manifestPath = `${outfile}.inputs.json`;
  if (isFresh(manifestPath)) return relative(ROOT, outfile);
  mkdirSync(dirname(outfile), { recursive: true });
  // Written beside and renamed into place, so that a bundle is never seen half written.
  const partial = `${outfile}.${process.pid}.tmp`;
  const { metafile } = await build({ ...OPTIONS, absWorkingDir: ROOT, entryPoints: [join(ROOT, entry)], outfile: partial, metafile: true, write: true });
  const inputs = Object.fromEntries(Object.keys(metafile.inputs).map((path) => [path, hashOf(path) ?? '']));
  renameSync(partial, outfile);
  writeFileSync(`${manifestPath}.${process.pid}.tmp`, JSON.stringify({ options: OPTIONS_KEY, inputs } satisfies Manifest));
  renameSync(`${manifestPath}.${process.pid}.tmp`, manifestPath);
  return relative(ROOT, outfile);
}

export default async function setup(project: TestProject): Promise<void> {
  const dir = join(ROOT, 'node_modules', '.cache', 'mcp-conform-test-bundles', sha256(ROOT).slice(0, 12));
  const bundles = await Promise.all(ENTRIES.map(async (entry) => [entry, await bundle(entry, dir)] as const));
  project.provide('fixtureBundles', Object.fromEntries(bundles));
}
