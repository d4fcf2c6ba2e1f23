import { describe, expect, it } from 'vitest';
import { acceptedRevisions, readsAcceptedRevisions } from './accepted-revisions.js';

describe('acceptedRevisions', () => {
  it('splits the accepted revisions into eras and names the newest of each', () => {
    expect(acceptedRevisions(['2024-11-05', '2025-11-25', '2026-07-28'])).toEqual({
      all: ['2024-11-05', '2025-11-25', '2026-07-28'],
      legacy: ['2024-11-05', '2025-11-25'],
      modern: ['2026-07-28'],
      latestLegacy: '2025-11-25',
      latestModern: '2026-07-28',
    });
  });

  it('leaves out the newest of an era the target does not speak, so `defined:` can ask', () => {
    const modernOnly = acceptedRevisions(['2026-07-28']);
    expect(modernOnly.legacy).toEqual([]);
    expect('latestLegacy' in modernOnly).toBe(false);
    expect('latestModern' in acceptedRevisions(['2025-06-18'])).toBe(false);
  });
});

describe('readsAcceptedRevisions', () => {
  it('sees the variable in a $var, a defined condition and an interpolation', () => {
    expect(readsAcceptedRevisions({ steps: [{ expect: { supported: { $containsAll: { $var: 'accepted.all' } } } }] })).toBe(true);
    expect(readsAcceptedRevisions({ steps: [{ when: { not: { defined: 'accepted.latestLegacy' } } }] })).toBe(true);
    expect(readsAcceptedRevisions({ replies: { x: { result: { v: '${accepted.latestModern}' } } } })).toBe(true);
  });

  it('ignores the word in prose and in other variables', () => {
    expect(readsAcceptedRevisions({ steps: [{ message: 'an unknown tool name is reported, not silently accepted' }] })).toBe(false);
    expect(readsAcceptedRevisions({ steps: [{ expect: { resource: { $in: { $var: 'auth.acceptedResources' } } } }] })).toBe(false);
    expect(readsAcceptedRevisions({ steps: [{ rule: 'transport.http.input-accepted-202' }] })).toBe(false);
  });
});
