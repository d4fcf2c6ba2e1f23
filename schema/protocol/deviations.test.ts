// Documents, as data with reasons (deviations.ts), where our schemas deliberately part from the official
// ones, and proves our verdict on each example; the official verdict was checked when the entry was written.
import { describe, expect, it } from 'vitest';
import { protocolValidator } from '../protocol-validator.js';
import { DEVIATIONS } from './deviations.js';

const cases = DEVIATIONS.flatMap((d) => d.revisions.map((revision) => ({ ...d, revision })));

describe('deliberate deviations from the official schemas', () => {
  it.each(cases)('$id ($revision): ours says $ours where the official schema says $official', (d) => {
    const v = protocolValidator(d.revision);
    const violations =
      'type' in d.example ? v.validateType(d.example.type, d.example.value) : v.validateMessage(d.example.message, d.example.sender, d.example.requestMethod);
    expect(violations.length === 0 ? 'valid' : 'invalid').toBe(d.ours);
    if (d.keyword) expect(violations.map((x) => x.keyword)).toContain(d.keyword);
  });

  it('records a reason and a real difference for every entry', () => {
    for (const d of DEVIATIONS) {
      expect(d.reason.length, d.id).toBeGreaterThan(40);
      expect(d.ours, d.id).not.toBe(d.official);
      expect(d.revisions.length, d.id).toBeGreaterThan(0);
    }
    expect(new Set(DEVIATIONS.map((d) => d.id)).size).toBe(DEVIATIONS.length);
  });
});
