// Keeps the layering of DESIGN.md true: reads every import in the project's sources and fails on
// any dependency edge the table below does not allow, and on scenario ids inside runner code.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** module → modules it may import. A module is a folder under runner/, reports/ or mocks/, or `schema`. */
const ALLOWED: Record<string, string[]> = {
  schema: [],
  'runner/protocol': ['schema'],
  'runner/transports': ['runner/protocol', 'schema'],
  'runner/results': ['schema'],
  'runner/config': ['schema'],
  'runner/suite-loader': ['schema'],
  'runner/matchers': ['schema'],
  'runner/plan': ['runner/suite-loader', 'runner/results', 'schema'],
  'runner/checks': ['runner/protocol', 'runner/results', 'schema'],
  'runner/steps': ['runner/matchers', 'runner/protocol', 'runner/results', 'runner/suite-loader', 'schema'],
  // Deviation from DESIGN.md (docs/decisions/0001-engine-uses-matchers-for-conditions.md).
  'runner/engine': [
    'runner/plan', 'runner/steps', 'runner/checks', 'runner/transports', 'runner/protocol', 'runner/results',
    'runner/suite-loader', 'runner/matchers', 'runner/config', 'mocks/core', 'schema',
  ],
  'runner/repro': ['runner/config', 'runner/transports'],
  'runner/baseline': ['runner/results', 'runner/suite-loader', 'schema'],
  // Client mode hosts a mock server for the client under test, so it stands on the mock kit.
  'runner/client-mode': [
    'runner/engine', 'runner/matchers', 'runner/protocol', 'runner/results', 'runner/suite-loader', 'runner/transports', 'runner/checks', 'mocks', 'schema',
  ],
  'runner/fuzz': ['runner/engine', 'runner/protocol', 'runner/transports', 'runner/results', 'runner/suite-loader', 'runner/matchers', 'schema'],
  // The programmatic API sits above the engine and client mode and below the CLI (issue 16).
  'runner/api': [
    'runner/config', 'runner/suite-loader', 'runner/engine', 'runner/client-mode', 'runner/results', 'runner/transports',
    'runner/repro', 'runner/protocol', 'runner/baseline', 'reports', 'mocks/adapters', 'mocks/core', 'schema',
  ],
  'runner/cli': [
    'runner/api', 'runner/config', 'runner/suite-loader', 'runner/plan', 'runner/engine', 'runner/fuzz', 'runner/results', 'runner/transports',
    'runner/repro', 'runner/protocol', 'runner/client-mode', 'runner/baseline', 'reports', 'mocks/adapters', 'mocks', 'schema',
  ],
  reports: ['runner/results', 'reports', 'schema'],
  'mocks/core': ['runner/protocol', 'schema', 'mocks/core'],
  'mocks/config': ['mocks/core', 'schema'],
  'mocks/client': ['runner/protocol', 'runner/transports', 'schema'],
  'mocks/adapters': ['mocks/core', 'runner/protocol', 'schema'],
  // Mock OAuth stands alone (Node built-ins only): it forwards to an MCP endpoint over HTTP.
  'mocks/auth': [],
  'mocks/msw': ['mocks/adapters', 'mocks/core', 'runner/protocol', 'schema'],
  'mocks/reference': ['mocks/core', 'mocks/adapters', 'mocks/client', 'runner/protocol', 'schema'],
  mocks: ['mocks/core', 'mocks/config', 'mocks/client', 'mocks/adapters', 'mocks/reference', 'mocks/auth', 'runner/protocol', 'schema'],
};

function moduleOf(file: string): string | undefined {
  const rel = relative(root, file).split('\\').join('/');
  if (rel.startsWith('schema/')) return 'schema';
  if (rel.startsWith('reports/')) return 'reports';
  const m = /^(runner|mocks)\/([^/]+)(\/|$)/.exec(rel);
  if (!m) return undefined;
  const [, top, second] = m;
  if (/\.[jt]s$/.test(second!)) return top === 'runner' ? `runner/${second!.replace(/\.[jt]s$/, '')}` : 'mocks';
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

const files = ['schema', 'runner', 'reports', 'mocks'].flatMap((d) => {
  try {
    return sources(join(root, d));
  } catch {
    return [];
  }
});

describe('architecture', () => {
  it('every import follows the allowed dependency directions', () => {
    const violations: string[] = [];
    for (const file of files) {
      const from = moduleOf(file);
      if (!from) continue;
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/(?:import|export)[^'"]*?from\s+['"](\.[^'"]+)['"]/g)) {
        const target = moduleOf(resolve(dirname(file), m[1]!));
        if (!target || target === from) continue;
        const allowed = ALLOWED[from];
        if (!allowed) violations.push(`${relative(root, file)}: module ${from} has no entry in the allowed table`);
        else if (!allowed.includes(target)) violations.push(`${relative(root, file)} imports ${target} (${m[1]}), which ${from} may not import`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('no runner code names a scenario id', () => {
    const suitesDir = join(root, 'suites');
    const ids: string[] = [];
    const walk = (d: string) => {
      for (const name of readdirSync(d)) {
        const p = join(d, name);
        if (statSync(p).isDirectory()) walk(p);
        else if (p.endsWith('.yaml')) ids.push(relative(suitesDir, p).replace(/\.yaml$/, '').split('\\').join('/'));
      }
    };
    walk(suitesDir);
    const offenders: string[] = [];
    for (const file of files.filter((f) => relative(root, f).startsWith('runner'))) {
      const text = readFileSync(file, 'utf8');
      for (const id of ids) if (text.includes(`'${id}'`) || text.includes(`"${id}"`) || text.includes(`\`${id}\``)) offenders.push(`${relative(root, file)} names ${id}`);
    }
    expect(offenders).toEqual([]);
  });
});
