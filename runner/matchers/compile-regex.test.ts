import { describe, expect, it } from 'vitest';
import { compileRegex, RegexTimeoutError, testWithinBudget } from './compile-regex.js';

describe('testWithinBudget', () => {
  it('answers like RegExp#test', () => {
    expect(testWithinBudget(compileRegex('^v\\d')!, 'v1')).toBe(true);
    expect(testWithinBudget(compileRegex('^v\\d')!, 'x1')).toBe(false);
    expect(testWithinBudget(compileRegex('😀')!, 'héllo 😀')).toBe(true);
  });

  it('stops catastrophic backtracking at the budget with an error naming the pattern and the value length', () => {
    const started = Date.now();
    const run = () => testWithinBudget(compileRegex('^(a+)+$')!, `${'a'.repeat(40)}!`, 100);
    expect(run).toThrow(RegexTimeoutError);
    expect(run).toThrow(/\/\^\(a\+\)\+\$\/ was stopped after 100 ms on a value of 41 characters/);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
