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

describe('testWithinBudget without the sandbox', () => {
  it('answers quantifier-free patterns directly, like RegExp#test', () => {
    const cases: [string, string, boolean][] = [
      ['[Ss]low|[Ss]leep|[Ww]ait', 'slowTool', true],
      ['[Ss]low|[Ss]leep|[Ww]ait', 'echo', false],
      ['^(image|audio|video)\\/|octet-stream', 'text/plain', false],
      ['^(image|audio|video)\\/|octet-stream', 'image/png', true],
      ['\\.\\*literal', 'a.*literal', true],
    ];
    for (const [source, value, expected] of cases) expect(testWithinBudget(compileRegex(source)!, value)).toBe(expected);
  });

  it('remembers an answer, and still stops a quantified pattern on a value it has not seen', () => {
    const re = compileRegex('^(a+)+$')!;
    expect(testWithinBudget(re, 'aaa')).toBe(true);
    expect(testWithinBudget(re, 'aaa')).toBe(true);
    expect(testWithinBudget(re, 'aab')).toBe(false);
    expect(() => testWithinBudget(re, `${'a'.repeat(40)}!`, 100)).toThrow(RegexTimeoutError);
  });
});
