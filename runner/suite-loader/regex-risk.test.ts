import { describe, expect, it } from 'vitest';
import { nestedRepeat } from './regex-risk.js';

describe('nestedRepeat', () => {
  it.each([
    ['^(a+)+$', '(a+)+'],
    ['^(\\w*)*x', '(\\w*)*'],
    ['(a+b?)*c', '(a+b?)*'],
    ['^(?:[a-z]+|[0-9]+)+$', '(?:[a-z]+|[0-9]+)+'],
    ['x((ab)*)+', '((ab)*)+'],
    ['^(a|(b+))+$', '(a|(b+))+'],
    ['(.*){2,}', '(.*){2,}'],
  ])('flags %s at %s', (pattern, part) => {
    expect(nestedRepeat(pattern)).toBe(part);
  });

  it.each([
    // Every pattern of the bundled suites that repeats a group has a part that must match once.
    '^([A-Za-z]([A-Za-z0-9-]*[A-Za-z0-9])?\\.)*[A-Za-z]([A-Za-z0-9-]*[A-Za-z0-9])?/([A-Za-z0-9]([A-Za-z0-9._-]*[A-Za-z0-9])?)?$',
    '^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$',
    '^[A-Za-z][A-Za-z0-9+.-]*://[^\\s/?#]+[^\\s]*$',
    '^(image|audio|video)/|octet-stream',
    '(a+)?',
    '[(a+)+]',
    '\\(a+\\)+',
    '(\\s*,\\s*x)*',
    'not a valid (pattern',
  ])('leaves %s alone', (pattern) => {
    expect(nestedRepeat(pattern)).toBeUndefined();
  });
});
