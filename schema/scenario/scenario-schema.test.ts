import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { fromRoot } from '../package-root.js';
import { userFileSchema, userFileValidator } from './schema-files.js';
import { CONDITION_KEYS, EXPRESSION_OPERATORS, JSON_TYPES, PATTERN_OPERATORS, SCENARIO_TAGS, STEP_KINDS, TRANSPORTS } from './vocabulary.js';

// biome-ignore lint/suspicious/noExplicitAny: a JSON Schema document read as plain data.
type Node = Record<string, any>;
const scenario = userFileSchema('scenario') as Node;
const defs = scenario.$defs as Node;

describe('scenario.schema.json', () => {
  it('compiles in ajv strict mode', () => {
    expect(() => userFileValidator('scenario')).not.toThrow();
  });

  it('lists the same vocabularies as vocabulary.ts', () => {
    expect(defs.tag.enum).toEqual([...SCENARIO_TAGS]);
    expect(defs.transport.enum).toEqual([...TRANSPORTS]);
    expect(defs.jsonType.enum).toEqual([...JSON_TYPES]);
    expect(defs.pattern.propertyNames.then.enum).toEqual([...PATTERN_OPERATORS]);
    expect(Object.keys(defs.pattern.properties)).toEqual([...PATTERN_OPERATORS]);
    expect(defs.expression.propertyNames.then.enum).toEqual([...EXPRESSION_OPERATORS]);
    expect(Object.keys(defs.expression.properties)).toEqual([...EXPRESSION_OPERATORS]);
    expect(defs.step.oneOf.map((b: Node) => b.required[0])).toEqual([...STEP_KINDS]);
    expect(defs.condition.oneOf.map((b: Node) => b.required[0])).toEqual([...CONDITION_KEYS]);
    for (const kind of STEP_KINDS) expect(defs[`${kind}Step`], kind).toBeDefined();
  });

  it('describes every property, so editors show help while typing', () => {
    const missing: string[] = [];
    const visit = (node: unknown, path: string) => {
      if (!node || typeof node !== 'object') return;
      const n = node as Node;
      for (const [key, child] of Object.entries((n.properties ?? {}) as Node)) {
        const c = child as Node;
        const hasOwn = typeof c.description === 'string';
        const viaRef = typeof c.$ref === 'string' && typeof defs[c.$ref.replace('#/$defs/', '')]?.description === 'string';
        if (!hasOwn && !viaRef) missing.push(`${path}/properties/${key}`);
      }
      // `if` and `oneOf` branches of steps and conditions only discriminate kinds; editors do not show them.
      for (const [key, child] of Object.entries(n)) {
        if (key !== 'properties' && key !== 'if' && key !== 'oneOf' && typeof child === 'object') visit(child, `${path}/${key}`);
      }
      for (const [key, child] of Object.entries((n.properties ?? {}) as Node)) visit(child, `${path}/properties/${key}`);
    };
    visit(scenario, '#');
    expect(missing).toEqual([]);
  });

  it('closes every step and the frontmatter to unknown keys', () => {
    expect(scenario.additionalProperties).toBe(false);
    for (const kind of STEP_KINDS) expect(defs[`${kind}Step`].additionalProperties, kind).toBe(false);
  });

  it('accepts every bundled scenario (client-role files against the client scenario schema)', () => {
    const suites = fromRoot('suites');
    const failures: string[] = [];
    const seen = { server: 0, client: 0 };
    for (const area of readdirSync(suites, { withFileTypes: true }).filter((d) => d.isDirectory())) {
      for (const name of readdirSync(join(suites, area.name)).filter((n) => n.endsWith('.yaml'))) {
        const data = parse(readFileSync(join(suites, area.name, name), 'utf8')) as { role?: string };
        const role = data.role === 'client' ? 'client' : 'server';
        seen[role]++;
        const validate = userFileValidator(role === 'client' ? 'client-scenario' : 'scenario');
        if (!validate(data)) failures.push(`${area.name}/${name}: ${JSON.stringify(validate.errors?.slice(0, 2))}`);
      }
    }
    expect(failures).toEqual([]);
    expect(seen.server).toBeGreaterThan(0);
    expect(seen.client).toBeGreaterThan(0);
  });

  it('rejects a few typical mistakes', () => {
    const validate = userFileValidator('scenario');
    const base = { id: 'a/b', title: 'T', area: 'a', role: 'server', rules: ['a.b'], steps: [{ request: 'ping' }] };
    expect(validate(base)).toBe(true);
    expect(validate({ ...base, id: 'A/B' })).toBe(false);
    expect(validate({ ...base, tags: ['nope'] })).toBe(false);
    expect(validate({ ...base, steps: [{ request: 'ping', as: 'x', reslt: {} }] })).toBe(false);
    expect(validate({ ...base, steps: [{ expect: 'x', result: { $regx: 'a' } }] })).toBe(false);
    expect(validate({ ...base, steps: [{ expect: 'x', result: { a: { $type: 'strng' } } }] })).toBe(false);
    expect(validate({ ...base, steps: [{ send: { line: 'a', text: 'b' } }] })).toBe(false);
    expect(validate({ ...base, steps: [{ loop: null, max: 1 }] })).toBe(false);
    expect(validate({ ...base, requires: [{ capability: 'tools', transport: 'stdio' }] })).toBe(false);
    // `check` is a kind when it is a map and an option (a check name) when it is text.
    expect(validate({ ...base, steps: [{ check: { value: 1, matches: 1 } }] })).toBe(true);
    expect(validate({ ...base, steps: [{ expect: 'x', check: 'named' }] })).toBe(true);
  });
});

describe('expected-failures.schema.json', () => {
  it('accepts entries with a reason and rejects entries without one or with unknown keys', () => {
    const validate = userFileValidator('expected-failures');
    expect(validate([{ scenario: 'tools/call-unknown-tool', reason: 'issue #12' }])).toBe(true);
    expect(validate([{ scenario: 'pagination/*', revision: '2025-06-18', transport: 'stdio', check: 'page-2', reason: 'known bug' }])).toBe(true);
    expect(validate([{ scenario: 'tools/call-unknown-tool' }])).toBe(false);
    expect(validate([{ scenario: 'tools/x', reason: '' }])).toBe(false);
    expect(validate([{ scenario: 'tools/x', reason: 'r', revison: '2025-06-18' }])).toBe(false);
    expect(validate([{ scenario: 'tools/x', reason: 'r', transport: 'carrier-pigeon' }])).toBe(false);
  });
});

describe('rules.schema.json', () => {
  it('accepts every bundled rules file', () => {
    const validate = userFileValidator('rules');
    const dir = fromRoot('schema', 'rules');
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.yaml'))) {
      const data = parse(readFileSync(join(dir, name), 'utf8')) ?? [];
      expect(validate(data), `${name}: ${JSON.stringify(validate.errors?.slice(0, 2))}`).toBe(true);
    }
  });
});
