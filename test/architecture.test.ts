// Keeps the layering of DESIGN.md true: reads every import in the project's sources and fails on
// any dependency edge the table below does not allow, and on scenario ids inside runner code.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Top-level layers, bottom to top. A folder may import only folders listed for it: data at the
 * bottom, the wire layer (JSON-RPC, framing, transports, result model) as the shared core below both
 * the mock kit and the engine, reporters reading only results, and the CLI on top.
 */
const TOP_LEVEL: Record<string, string[]> = {
  schema: [],
  wire: ['schema'],
  mocks: ['wire', 'schema'],
  reports: ['wire', 'schema'],
  runner: ['mocks', 'wire', 'schema'],
  // The programmatic API (issue 16): above the engine and the reporters, below the CLI.
  api: ['runner', 'reports', 'mocks', 'wire', 'schema'],
  cli: ['api', 'runner', 'reports', 'mocks', 'wire', 'schema'],
  // Adapters to other test runners (the vitest adapter): they present the API's results.
  integrations: ['api', 'runner', 'reports', 'wire', 'schema'],
  // The package's curated entry points: they only re-export, and the CLI is not among them.
  public: ['integrations', 'api', 'runner', 'reports', 'mocks', 'wire', 'schema'],
};

/** module → modules it may import. A module is a folder under a top-level folder, or `schema`. */
const ALLOWED: Record<string, string[]> = {
  schema: [],
  'wire/protocol': ['schema'],
  'wire/transports': ['wire/protocol', 'schema'],
  'wire/results': ['schema'],
  'runner/config': ['schema'],
  'runner/suite-loader': ['schema'],
  'runner/matchers': ['schema'],
  'runner/plan': ['runner/suite-loader', 'wire/results', 'schema'],
  'runner/checks': ['wire/protocol', 'wire/results', 'schema'],
  'runner/steps': ['runner/matchers', 'wire/protocol', 'wire/results', 'runner/suite-loader', 'schema'],
  // Deviation from DESIGN.md (docs/decisions/0001-engine-uses-matchers-for-conditions.md).
  'runner/engine': [
    'runner/plan',
    'runner/steps',
    'runner/checks',
    'wire/transports',
    'wire/protocol',
    'wire/results',
    'runner/suite-loader',
    'runner/matchers',
    'runner/config',
    'mocks/core',
    'schema',
  ],
  'runner/repro': ['runner/config', 'wire/transports'],
  'runner/baseline': ['wire/results', 'runner/suite-loader', 'schema'],
  // Client mode hosts a mock server for the client under test, so it stands on the mock kit.
  'runner/client-mode': [
    'runner/engine',
    'runner/matchers',
    'wire/protocol',
    'wire/results',
    'runner/suite-loader',
    'wire/transports',
    'runner/checks',
    'mocks',
    'schema',
  ],
  'runner/fuzz': ['runner/engine', 'runner/config', 'wire/protocol', 'wire/transports', 'wire/results', 'runner/suite-loader', 'runner/matchers', 'schema'],
  api: [
    'runner/config',
    'runner/suite-loader',
    'runner/engine',
    'runner/client-mode',
    'wire/results',
    'wire/transports',
    'runner/repro',
    'wire/protocol',
    'runner/baseline',
    'reports',
    'mocks/adapters',
    'mocks/core',
    'schema',
  ],
  'integrations/vitest': ['api', 'runner/suite-loader', 'reports', 'wire/results'],
  public: [
    'integrations/vitest',
    'api',
    'wire/results',
    'wire/protocol',
    'reports',
    'runner/suite-loader',
    'mocks/core',
    'mocks/adapters',
    'mocks/config',
    'mocks/client',
    'mocks/reference',
    'mocks/auth',
    'mocks/msw',
    'schema',
  ],
  cli: [
    'api',
    'runner/config',
    'runner/suite-loader',
    'runner/plan',
    'runner/engine',
    'runner/fuzz',
    'wire/results',
    'wire/transports',
    'runner/repro',
    'wire/protocol',
    'runner/client-mode',
    'runner/baseline',
    'reports',
    'mocks/adapters',
    'mocks',
    'schema',
  ],
  reports: ['wire/results', 'reports', 'schema'],
  'mocks/core': ['wire/protocol', 'schema'],
  'mocks/config': ['mocks/core', 'schema'],
  'mocks/client': ['wire/protocol', 'wire/transports', 'schema'],
  'mocks/adapters': ['mocks/core', 'wire/protocol', 'schema'],
  // Mock OAuth stands alone (Node built-ins only): it forwards to an MCP endpoint over HTTP.
  'mocks/auth': [],
  'mocks/msw': ['mocks/adapters', 'mocks/core', 'wire/protocol', 'schema'],
  'mocks/reference': ['mocks/core', 'mocks/adapters', 'mocks/client', 'wire/protocol', 'schema'],
  mocks: ['mocks/core', 'mocks/config', 'mocks/client', 'mocks/adapters', 'mocks/reference', 'mocks/auth', 'wire/protocol', 'schema'],
};

const TOP_FOLDERS = Object.keys(TOP_LEVEL);

function topOf(file: string): string | undefined {
  const first = relative(root, file).split('\\').join('/').split('/')[0];
  return first !== undefined && TOP_FOLDERS.includes(first) ? first : undefined;
}

function moduleOf(file: string): string | undefined {
  const rel = relative(root, file).split('\\').join('/');
  if (rel.startsWith('schema/')) return 'schema';
  if (rel.startsWith('reports/')) return 'reports';
  if (rel.startsWith('cli/')) return 'cli';
  if (rel.startsWith('api/')) return 'api';
  if (rel.startsWith('public/')) return 'public';
  const m = /^(runner|mocks|wire|integrations)\/([^/]+)(\/|$)/.exec(rel);
  if (!m) return undefined;
  const [, top, second] = m;
  if (/\.[jt]s$/.test(second!)) return top === 'mocks' ? 'mocks' : `${top}/${second!.replace(/\.[jt]s$/, '')}`;
  return `${top}/${second}`;
}

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sources(p));
    else if (p.endsWith('.ts') && !p.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

const files = TOP_FOLDERS.flatMap((d) => {
  try {
    return sources(join(root, d));
  } catch {
    return [];
  }
});

/** Relative imports and re-exports of a source file, resolved to .ts paths. */
function importsOf(file: string): { target: string; spec: string }[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:import|export)[^'"]*?from\s+['"](\.[^'"]+)['"]/g)].map((m) => ({
    spec: m[1]!,
    target: resolve(dirname(file), m[1]!).replace(/\.js$/, '.ts'),
  }));
}

/** Strongly connected groups of more than one file in the import graph (Tarjan). */
function importCycles(): string[][] {
  const graph = new Map(
    files.map((f) => [
      f,
      importsOf(f)
        .map((i) => i.target)
        .filter((t) => t !== f),
    ]),
  );
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(relative(root, w));
    } while (w !== v);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return groups;
}

describe('architecture', () => {
  it('every import follows the allowed dependency directions', () => {
    const violations: string[] = [];
    for (const file of files) {
      const from = moduleOf(file);
      if (!from) continue;
      for (const { target: path, spec } of importsOf(file)) {
        const target = moduleOf(path);
        if (!target || target === from) continue;
        const allowed = ALLOWED[from];
        if (!allowed) violations.push(`${relative(root, file)}: module ${from} has no entry in the allowed table`);
        else if (!allowed.includes(target)) violations.push(`${relative(root, file)} imports ${target} (${spec}), which ${from} may not import`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('the top-level folders form the layers of the README (one way, no cycle)', () => {
    const violations: string[] = [];
    for (const file of files) {
      const from = topOf(file);
      if (!from) continue;
      for (const { target: path, spec } of importsOf(file)) {
        const target = topOf(path);
        if (!target || target === from) continue;
        if (!TOP_LEVEL[from]!.includes(target)) violations.push(`${relative(root, file)} imports ${target}/ (${spec}): ${from}/ stands below it`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('no two source files import each other, directly or through others (type imports included)', () => {
    expect(importCycles()).toEqual([]);
  });

  it('no runner code names a scenario id', () => {
    const suitesDir = join(root, 'suites');
    const ids: string[] = [];
    const walk = (d: string) => {
      for (const name of readdirSync(d)) {
        const p = join(d, name);
        if (statSync(p).isDirectory()) walk(p);
        else if (p.endsWith('.yaml'))
          ids.push(
            relative(suitesDir, p)
              .replace(/\.yaml$/, '')
              .split('\\')
              .join('/'),
          );
      }
    };
    walk(suitesDir);
    const offenders: string[] = [];
    for (const file of files.filter((f) => /^(runner|wire|cli)/.test(relative(root, f)))) {
      const text = readFileSync(file, 'utf8');
      for (const id of ids)
        if (text.includes(`'${id}'`) || text.includes(`"${id}"`) || text.includes(`\`${id}\``)) offenders.push(`${relative(root, file)} names ${id}`);
    }
    expect(offenders).toEqual([]);
  });
});
