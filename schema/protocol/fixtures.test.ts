// Every type and every wire message of every revision: the hand-written valid fixtures in
// test/fixtures/messages/<revision>/ validate, and thousands of variants derived from them do not.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromRoot } from '../package-root.js';
import { REVISIONS, type Revision } from '../revisions.js';
import { protocolValidator, type Sender } from '../protocol-validator.js';
import { buildProtocolModel, protocolSchemaId } from './build.js';
import { invalidVariants } from './invalid-variants.js';
import { type MessageTarget, composeMessageSchema } from './message-schemas.js';
import type { SchemaObject } from './schema-dsl.js';

interface WireFixture {
  sender: Sender;
  requestMethod?: string;
  message: unknown;
}

function fixtureDir(revision: Revision): string {
  return fromRoot('test', 'fixtures', 'messages', revision);
}

/** `<area>.json` files map type names to valid examples; `wire.json` lists whole messages. */
function typeFixtures(revision: Revision): Map<string, unknown[]> {
  const out = new Map<string, unknown[]>();
  for (const file of readdirSync(fixtureDir(revision))
    .filter((f) => f.endsWith('.json') && f !== 'wire.json')
    .sort()) {
    const map = JSON.parse(readFileSync(`${fixtureDir(revision)}/${file}`, 'utf8')) as Record<string, unknown[]>;
    for (const [type, values] of Object.entries(map)) {
      if (out.has(type)) throw new Error(`${revision}/${file}: type ${type} appears in two fixture files`);
      out.set(type, values);
    }
  }
  return out;
}

function wireFixtures(revision: Revision): WireFixture[] {
  return JSON.parse(readFileSync(`${fixtureDir(revision)}/wire.json`, 'utf8')) as WireFixture[];
}

function resolver(revision: Revision) {
  const defs = buildProtocolModel(revision).defs;
  return (ref: string): SchemaObject | undefined => {
    const at = ref.indexOf('#/$defs/');
    return at === -1 ? undefined : defs[ref.slice(at + '#/$defs/'.length)];
  };
}

/** The target validateMessage picks for a message, restated from the message's members. */
function targetOf(fixture: WireFixture): MessageTarget {
  const m = fixture.message as Record<string, unknown>;
  if (typeof m.method === 'string') return { kind: 'id' in m ? 'request' : 'notification', sender: fixture.sender, method: m.method };
  if ('error' in m) {
    const code = (m.error as { code?: unknown }).code;
    return typeof code === 'number' ? { kind: 'error', code } : { kind: 'error' };
  }
  return fixture.requestMethod !== undefined
    ? { kind: 'result', sender: fixture.sender, requestMethod: fixture.requestMethod }
    : { kind: 'result', sender: fixture.sender };
}

describe.each(REVISIONS)('fixtures of %s', (revision) => {
  const validator = protocolValidator(revision);
  const types = typeFixtures(revision);
  const wire = wireFixtures(revision);

  it('cover every type of the revision, and only types of the revision', () => {
    const missing = validator.typeNames().filter((name) => (types.get(name) ?? []).length === 0);
    const unknown = [...types.keys()].filter((name) => !validator.hasType(name));
    expect({ missing, unknown }).toEqual({ missing: [], unknown: [] });
  });

  it('are valid against their type', () => {
    const failures: string[] = [];
    for (const [type, values] of types) {
      if (!validator.hasType(type)) continue;
      values.forEach((value, index) => {
        for (const v of validator.validateType(type, value)) failures.push(`${type}[${index}] ${v.pointer} ${v.message}`);
      });
    }
    expect(failures).toEqual([]);
  });

  it('hold a valid wire message for every method each side may send, and a response to every request', () => {
    for (const sender of ['client', 'server'] as const) {
      for (const kind of ['request', 'notification'] as const) {
        const sent = new Set(
          wire
            .filter((w) => w.sender === sender && typeof (w.message as { method?: unknown }).method === 'string')
            .filter((w) => 'id' in (w.message as object) === (kind === 'request'))
            .map((w) => (w.message as { method: string }).method),
        );
        expect(validator.methods(sender, kind).filter((m) => !sent.has(m))).toEqual([]);
      }
    }
    const answered = new Set(wire.map((w) => w.requestMethod).filter((m) => m !== undefined));
    const requests = [...validator.methods('client', 'request'), ...validator.methods('server', 'request')];
    expect(requests.filter((m) => !answered.has(m))).toEqual([]);
  });

  it('are valid wire messages', () => {
    const failures: string[] = [];
    wire.forEach((w, index) => {
      for (const v of validator.validateMessage(w.message, w.sender, w.requestMethod)) failures.push(`#${index} ${v.pointer} ${v.message}`);
    });
    expect(failures).toEqual([]);
  });

  it('turn into invalid values when a required member is dropped or a member is broken (types)', () => {
    const resolve = resolver(revision);
    const accepted: string[] = [];
    let count = 0;
    for (const [type, values] of types) {
      for (const value of values) {
        for (const variant of invalidVariants({ $ref: `#/$defs/${type}` }, value, { resolve })) {
          count += 1;
          if (validator.validateType(type, variant.value).length === 0) accepted.push(`${type}: ${variant.description}`);
        }
      }
    }
    expect(accepted).toEqual([]);
    expect(count).toBeGreaterThan(1000);
  });

  it('turn into invalid messages when a required member is dropped or a member is broken (wire)', () => {
    const model = buildProtocolModel(revision);
    const resolve = resolver(revision);
    const accepted: string[] = [];
    let count = 0;
    wire.forEach((w, index) => {
      if (Array.isArray(w.message)) return;
      const { schema } = composeMessageSchema(model, protocolSchemaId(revision), targetOf(w));
      // These members decide which schema applies; changing them makes another message, not an invalid one.
      const frozen = ['/method', '/id', '/error/code'];
      for (const variant of invalidVariants(schema, w.message, { resolve, frozen })) {
        count += 1;
        if (validator.validateMessage(variant.value, w.sender, w.requestMethod).length === 0) {
          accepted.push(`#${index} ${variant.description}`);
        }
      }
    });
    expect(accepted).toEqual([]);
    expect(count).toBeGreaterThan(500);
  });
});
