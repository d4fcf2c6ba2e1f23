import { describe, expect, it } from 'vitest';
import { judgeAnsweredVersion } from './probe-version.js';

const rules = { ruleRef: (id: string) => ({ id, level: 'MUST' as const, revision: '2025-06-18' as const, section: 's', url: 'u', summary: 'x' }) };

describe('judgeAnsweredVersion', () => {
  it('says nothing about the offered revision or another published one (the negotiation scenarios judge those)', () => {
    expect(judgeAnsweredVersion('2025-06-18', '2025-06-18', 2, rules)).toBeUndefined();
    expect(judgeAnsweredVersion('2025-06-18', '2024-11-05', 2, rules)).toBeUndefined();
  });

  it('fails a version that is not a YYYY-MM-DD date, citing lifecycle.version.counter-offer', () => {
    for (const answered of ['1.0', 2025, null, '2025-6-18']) {
      const finding = judgeAnsweredVersion('2025-06-18', answered, 2, rules);
      expect(finding?.status).toBe('failed');
      expect(finding?.rule.id).toBe('lifecycle.version.counter-offer');
      expect(finding?.evidence).toEqual([2]);
    }
  });

  it('fails a date no published revision has that is not newer than every known one', () => {
    expect(judgeAnsweredVersion('2025-06-18', '2024-10-07', undefined, rules)?.status).toBe('failed');
  });

  it('records a date newer than every known revision as info: a newer revision is not blamed', () => {
    const finding = judgeAnsweredVersion('2025-06-18', '2099-01-01', 2, rules);
    expect(finding?.status).toBe('info');
    expect(finding?.message).toContain('newer than any revision');
  });
});
