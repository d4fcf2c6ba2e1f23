import { describe, expect, it } from 'vitest';
import { acceptedRevisions } from './accepted-revisions.js';

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
