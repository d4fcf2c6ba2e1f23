import { describe, expect, it } from 'vitest';
import { editDistance, nearestName } from './nearest-name.js';
import { SourceProblemsError, formatProblem } from './source-problem.js';
import { parseYamlSource, pointerSegments } from './yaml-source.js';

const TEXT = `id: demo/x
steps:
  - request: ping
    params: { a: 1, "b/c": [10, 20] }
  - loop:
    max: 3
    steps:
      - expect: ping
base: &anchor { k: v }
copy: *anchor
`;

describe('parseYamlSource', () => {
  const source = parseYamlSource('f.yaml', TEXT, 'X_YAML');

  it('parses to plain data', () => {
    expect(source.problems).toEqual([]);
    expect(source.value).toMatchObject({ id: 'demo/x', copy: { k: 'v' } });
  });

  it('locates values by JSON pointer, with escapes and list indexes', () => {
    expect(source.locate('')).toEqual({ line: 1, column: 1 });
    expect(source.locate('/id')).toEqual({ line: 1, column: 5 });
    expect(source.locate('/steps/0')).toEqual({ line: 3, column: 5 });
    expect(source.locate('/steps/0/params/b~1c/1')).toEqual({ line: 4, column: 33 });
    expect(source.locate('/steps/1/steps/0/expect')).toEqual({ line: 8, column: 17 });
  });

  it('puts an empty value (`loop:`) on its key, and a key lookup on the key itself', () => {
    expect(source.locate('/steps/1/loop')).toEqual({ line: 5, column: 5 });
    expect(source.locate('/steps/1', 'max')).toEqual({ line: 6, column: 5 });
  });

  it('falls back to the nearest existing ancestor and follows aliases', () => {
    expect(source.locate('/steps/0/params/zzz')).toEqual({ line: 4, column: 13 });
    expect(source.locate('/steps/9')).toEqual({ line: 3, column: 3 });
    expect(source.locate('/copy/k')).toEqual({ line: 9, column: 20 });
  });

  it('reports syntax errors with positions and a code instead of throwing', () => {
    const bad = parseYamlSource('bad.yaml', 'a: 1\nb: [1, 2\nc: 3\n', 'X_YAML');
    expect(bad.value).toBeUndefined();
    expect(bad.problems[0]).toMatchObject({ code: 'X_YAML', file: 'bad.yaml', line: 3 });
    expect(bad.problems[0]!.message).toMatch(/^Invalid YAML: .*\.$/);
  });

  it('splits pointers into unescaped segments', () => {
    expect(pointerSegments('')).toEqual([]);
    expect(pointerSegments('/a~1b/c~0d/0')).toEqual(['a/b', 'c~d', '0']);
  });
});

describe('nearestName', () => {
  it('finds typos, swaps and case slips, and stays quiet for unrelated words', () => {
    expect(editDistance('reqest', 'request')).toBe(1);
    expect(editDistance('rqeuest', 'request')).toBe(1);
    expect(nearestName('reqest', ['request', 'notify'])).toBe('request');
    expect(nearestName('Result', ['results', 'result'])).toBe('result');
    expect(nearestName('banana', ['request', 'notify'])).toBeUndefined();
    expect(nearestName('request', ['request'])).toBeUndefined();
  });
});

describe('SourceProblemsError', () => {
  it('renders a headline in the project grammar and one line per problem, sorted', () => {
    const problems = [
      { code: 'C', file: 'b.yaml', line: 2, column: 1, message: 'Second.', fix: 'Fix b.' },
      { code: 'C', file: 'a.yaml', line: 9, column: 3, message: 'First.', fix: 'Fix a.' },
    ];
    const error = new SourceProblemsError('MCPC_X', 'load things', problems);
    expect(error.code).toBe('MCPC_X');
    expect(error.message).toBe(
      ['Failed to load things: 2 problems in 2 files. Fix each line below and run again.', 'a.yaml:9:3 First. Fix a.', 'b.yaml:2:1 Second. Fix b.'].join('\n'),
    );
    expect(formatProblem(problems[0]!)).toBe('b.yaml:2:1 Second. Fix b.');
  });
});
