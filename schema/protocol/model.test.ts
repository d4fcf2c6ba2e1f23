// applyChanges and the change helpers: deltas apply exactly as written and mistakes fail loudly.
import { describe, expect, it } from 'vitest';
import { type ProtocolModel, addMembers, applyChanges } from './model.js';
import { object, str } from './schema-dsl.js';

const base: ProtocolModel = {
  revision: '2024-11-05',
  defs: { A: object({ a: str() }, ['a']), B: object({}) },
  requests: { 'x/get': { type: 'A', result: 'B', from: ['client'] } },
  notifications: {},
  typedErrors: {},
  batches: false,
};

describe('applyChanges', () => {
  it('adds, replaces (with the previous schema) and removes definitions and table entries', () => {
    const next = applyChanges(base, {
      revision: '2025-03-26',
      notes: ['test'],
      defs: { add: { C: (defs) => ({ ...defs.A, title: 'from A' }) }, replace: { A: (prev) => ({ ...prev, x: 1 }) }, remove: ['B'] },
      requests: { add: { 'y/get': { type: 'C', result: 'A', from: ['server'] } }, remove: ['x/get'] },
      batches: true,
    });
    expect(Object.keys(next.defs).sort()).toEqual(['A', 'C']);
    expect(next.defs.A).toMatchObject({ x: 1, required: ['a'] });
    expect(next.defs.C).toMatchObject({ title: 'from A' });
    expect(Object.keys(next.requests)).toEqual(['y/get']);
    expect(next.batches).toBe(true);
    expect(base.defs.B).toBeDefined();
  });

  it('refuses to add an existing name, or to replace or remove an unknown one', () => {
    expect(() => applyChanges(base, { revision: '2025-03-26', notes: [], defs: { add: { A: {} } } })).toThrow(/already exists/);
    expect(() => applyChanges(base, { revision: '2025-03-26', notes: [], defs: { replace: { Z: {} } } })).toThrow(/unknown definition Z/);
    expect(() => applyChanges(base, { revision: '2025-03-26', notes: [], requests: { remove: ['nope'] } })).toThrow(/unknown entry nope/);
  });
});

describe('addMembers', () => {
  it('merges every group that names a definition into one replacement', () => {
    const replacements = addMembers([
      [['A', 'B'], { title: str() }],
      [['A'], { icons: str() }],
    ]);
    const next = applyChanges(base, { revision: '2025-03-26', notes: [], defs: { replace: replacements } });
    expect(Object.keys(next.defs.A!.properties as object)).toEqual(['a', 'title', 'icons']);
    expect(Object.keys(next.defs.B!.properties as object)).toEqual(['title']);
  });
});
