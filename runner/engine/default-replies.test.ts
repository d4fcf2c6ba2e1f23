import { describe, expect, it } from 'vitest';
import { protocolValidator } from '../../schema/protocol-validator.js';
import { REVISIONS, isStateless } from '../../schema/revisions.js';
import { repliesFor } from './default-replies.js';

describe('repliesFor', () => {
  it('answers only the capabilities declared, and lets scripted replies win', () => {
    expect(Object.keys(repliesFor({}, undefined))).toEqual([]);
    expect(Object.keys(repliesFor({ roots: {}, sampling: {} }, undefined)).sort()).toEqual(['roots/list', 'sampling/createMessage']);
    expect(repliesFor({ elicitation: {} }, undefined)['elicitation/create']).toEqual({ result: { action: 'decline' } });
    const scripted = { 'roots/list': { result: { roots: [{ uri: 'file:///x' }] } } };
    expect(repliesFor({ roots: {} }, scripted)['roots/list']).toEqual(scripted['roots/list']);
    expect(repliesFor({ roots: false } as Record<string, unknown>, undefined)['roots/list']).toBeUndefined();
  });
});

describe('the default replies', () => {
  const all = repliesFor({ roots: {}, sampling: {}, elicitation: {} }, undefined);
  const types: Record<string, { type: string; since: string }> = {
    'roots/list': { type: 'ListRootsResult', since: '2024-11-05' },
    'sampling/createMessage': { type: 'CreateMessageResult', since: '2024-11-05' },
    'elicitation/create': { type: 'ElicitResult', since: '2025-06-18' },
  };
  for (const revision of REVISIONS.filter((r) => !isStateless(r))) {
    it(`are valid results at ${revision}`, () => {
      const validator = protocolValidator(revision);
      for (const [method, { type, since }] of Object.entries(types)) {
        if (revision < since) continue;
        const reply = all[method] as { result: unknown };
        expect(validator.validateType(type, reply.result), `${method} at ${revision}`).toEqual([]);
      }
    });
  }
});
