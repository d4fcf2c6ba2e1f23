// The built schemas: one per revision, self-contained, strict-mode clean, in step with the committed
// generated files, and derived from the change files exactly as their notes say.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REVISIONS } from '../revisions.js';
import { createAjv } from './ajv-factory.js';
import { REVISION_CHANGES, buildProtocolModel, buildProtocolSchema, protocolSchemaId } from './build.js';
import { generatedSchemaPath, renderProtocolSchema } from './emit.js';
import { refName } from './schema-dsl.js';

describe('buildProtocolSchema', () => {
  it.each(REVISIONS)('%s compiles in strict mode and every $ref resolves inside the schema', (revision) => {
    const schema = buildProtocolSchema(revision);
    const defs = schema.$defs as Record<string, unknown>;
    const refs = new Set<string>();
    const visit = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(visit);
      else if (typeof node === 'object' && node !== null) {
        const name = refName(node);
        if (name) refs.add(name);
        Object.values(node).forEach(visit);
      }
    };
    visit(defs);
    expect([...refs].filter((r) => !(r in defs))).toEqual([]);
    const ajv = createAjv('2020-12', { strictSchema: true });
    ajv.addSchema(schema);
    expect(ajv.getSchema(protocolSchemaId(revision))).toBeTypeOf('function');
  });

  it.each(REVISIONS)('%s: the root accepts a message of the revision and rejects a non-message', (revision) => {
    const ajv = createAjv('2020-12', { strictSchema: true });
    const validate = ajv.compile(buildProtocolSchema(revision));
    expect(validate({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } })).toBe(true);
    expect(validate({ hello: 'world' })).toBe(false);
  });

  it('carries no descriptions: facts only, in our own structure', () => {
    for (const revision of REVISIONS) {
      const text = JSON.stringify(buildProtocolSchema(revision));
      expect(text).not.toMatch(/"description":"/);
    }
  });

  it('keeps the unions derived from the method tables', () => {
    const model = buildProtocolModel('2024-11-05');
    expect(JSON.stringify(model.defs.ServerRequest)).toContain('sampling/createMessage');
    expect(buildProtocolModel('2026-07-28').defs.ServerRequest).toBeUndefined();
    expect(JSON.stringify(buildProtocolModel('2025-11-25').defs.ServerResult)).toContain('CreateTaskResult');
  });

  it('has one change file per later revision, in order, each with notes', () => {
    expect(REVISION_CHANGES.map((c) => c.revision)).toEqual(REVISIONS.slice(1));
    for (const changes of REVISION_CHANGES) expect(changes.notes.length).toBeGreaterThan(0);
  });
});

describe('generated schema files', () => {
  it.each(REVISIONS)('schema/protocol/generated/%s.schema.json is up to date (run `npx tsx schema/protocol/emit.ts`)', (revision) => {
    expect(readFileSync(generatedSchemaPath(revision), 'utf8')).toBe(renderProtocolSchema(revision));
  });
});
