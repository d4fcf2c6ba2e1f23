// One fixture per problem the loader reports (test/fixtures/scenarios-invalid): each file must yield
// exactly the problems listed here — code, line, column, key and a fix that actually helps.
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadRules } from '../../schema/rules.js';
import { loadScenarios } from './load-scenarios.js';
import { SCENARIO_PROBLEM_CODES, type ScenarioProblemCode } from './problems.js';

const FIXTURES = fileURLToPath(new URL('../../test/fixtures/scenarios-invalid/', import.meta.url));
const SUITES = join(FIXTURES, 'suites');
const EXTRA = ['extra/duplicate-id.yaml', 'extra/area-differs-from-id.yaml'];

interface Expected {
  code: ScenarioProblemCode;
  line: number;
  column?: number;
  key?: string;
  /** Text the fix must contain. */
  fix: string;
}

const EXPECTED: Record<string, Expected[]> = {
  'suites/lint/yaml-syntax.yaml': [{ code: 'MCPC_SCENARIO_YAML', line: 10, fix: 'indentation' }],
  'suites/lint/yaml-duplicate-key.yaml': [{ code: 'MCPC_SCENARIO_YAML', line: 10, column: 5, fix: 'Keep one of the two keys' }],
  'suites/lint/yaml-two-documents.yaml': [{ code: 'MCPC_SCENARIO_YAML', line: 9, fix: 'file of its own' }],
  'suites/lint/missing-rules.yaml': [{ code: 'MCPC_SCENARIO_INVALID', line: 2, key: 'rules', fix: 'Add `rules:`' }],
  'suites/lint/unknown-key.yaml': [{ code: 'MCPC_SCENARIO_KEY_UNKNOWN', line: 11, column: 5, key: 'reslt', fix: 'Did you mean `result`?' }],
  'suites/lint/unknown-top-level-key.yaml': [{ code: 'MCPC_SCENARIO_KEY_UNKNOWN', line: 6, column: 1, key: 'revision', fix: 'Did you mean `revisions`?' }],
  'suites/lint/unknown-step-kind.yaml': [{ code: 'MCPC_SCENARIO_STEP_UNKNOWN', line: 8, column: 5, key: 'reqest', fix: 'Did you mean `request`?' }],
  'suites/lint/two-step-kinds.yaml': [{ code: 'MCPC_SCENARIO_STEP_UNKNOWN', line: 9, column: 5, key: 'notify', fix: 'Split it into one step per kind' }],
  'suites/lint/unknown-condition.yaml': [{ code: 'MCPC_SCENARIO_CONDITION_UNKNOWN', line: 8, column: 5, key: 'capabilty', fix: 'Did you mean `capability`?' }],
  'suites/lint/unknown-operator.yaml': [{ code: 'MCPC_SCENARIO_OPERATOR_UNKNOWN', line: 12, column: 33, key: '$regx', fix: 'Did you mean `$regex`?' }],
  'suites/lint/unknown-expression-operator.yaml': [{ code: 'MCPC_SCENARIO_OPERATOR_UNKNOWN', line: 10, column: 15, key: '$varr', fix: 'Did you mean `$var`?' }],
  'suites/lint/expression-extra-member.yaml': [{ code: 'MCPC_SCENARIO_INVALID', line: 10, key: 'name', fix: 'holds only its operator' }],
  'suites/lint/invalid-regex.yaml': [{ code: 'MCPC_SCENARIO_REGEX', line: 12, column: 41, key: '$regex', fix: 'JavaScript syntax' }],
  'suites/lint/slow-regex.yaml': [{ code: 'MCPC_SCENARIO_REGEX_SLOW', line: 12, column: 41, key: '$regex', fix: 'match exactly once' }],
  'suites/lint/unknown-tag.yaml': [{ code: 'MCPC_SCENARIO_TAG_UNKNOWN', line: 7, column: 15, fix: 'Did you mean `tools`?' }],
  'suites/lint/unknown-schema-type.yaml': [{ code: 'MCPC_SCENARIO_TYPE_UNKNOWN', line: 11, key: '$schema', fix: 'Did you mean `ListToolsResult`?' }],
  'suites/lint/wrong-type.yaml': [{ code: 'MCPC_SCENARIO_INVALID', line: 9, column: 10, key: 'max', fix: 'bound on the number of iterations' }],
  'suites/lint/enum-typo.yaml': [{ code: 'MCPC_SCENARIO_INVALID', line: 5, column: 7, key: 'role', fix: 'Did you mean `server`?' }],
  'suites/lint/result-and-error.yaml': [{ code: 'MCPC_SCENARIO_INVALID', line: 10, fix: 'Keep only one' }],
  'suites/lint/missing-until.yaml': [{ code: 'MCPC_SCENARIO_INVALID', line: 11, key: 'until', fix: 'Add `until:`' }],
  'suites/lint/loop-options-inside.yaml': [{ code: 'MCPC_SCENARIO_INVALID', line: 8, key: 'loop', fix: 'indented like `loop`' }],
  'suites/lint/id-mismatch.yaml': [{ code: 'MCPC_SCENARIO_ID_MISMATCH', line: 2, column: 5, key: 'id', fix: 'Set `id: lint/id-mismatch`' }],
  'suites/lint/area-mismatch.yaml': [{ code: 'MCPC_SCENARIO_AREA_MISMATCH', line: 4, column: 7, key: 'area', fix: 'Set `area: lint`' }],
  'suites/lint/bad-revisions.yaml': [{ code: 'MCPC_SCENARIO_REVISIONS', line: 6, column: 12, key: 'revisions', fix: 'Did you mean `2025-06-18`?' }],
  'suites/lint/empty-revisions.yaml': [{ code: 'MCPC_SCENARIO_REVISIONS', line: 6, key: 'revisions', fix: 'known revisions: 2024-11-05' }],
  'suites/lint/undefined-label.yaml': [{ code: 'MCPC_SCENARIO_LABEL_UNDEFINED', line: 10, column: 13, key: 'expect', fix: 'Did you mean `call`?' }],
  'suites/lint/label-defined-later.yaml': [{ code: 'MCPC_SCENARIO_LABEL_UNDEFINED', line: 8, key: 'cancel', fix: 'Add `as: slow`' }],
  'suites/lint/duplicate-check-name.yaml': [{ code: 'MCPC_SCENARIO_CHECK_DUPLICATE', line: 15, key: 'check', fix: 'its own name' }],
  'suites/lint/title-should.yaml': [{ code: 'MCPC_SCENARIO_TITLE_STYLE', line: 3, key: 'title', fix: 'present tense' }],
  'suites/lint/title-test.yaml': [{ code: 'MCPC_SCENARIO_TITLE_STYLE', line: 3, key: 'title', fix: 'state the behaviour' }],
  'suites/lint/unknown-rule.yaml': [{ code: 'MCPC_RULE_UNKNOWN', line: 6, column: 9, fix: 'Did you mean `fixture.ping.answered`?' }],
  'suites/lint/rule-not-listed.yaml': [{ code: 'MCPC_RULE_NOT_LISTED', line: 11, column: 11, key: 'rule', fix: 'Add `fixture.ping.empty-result` to `rules`' }],
  'suites/lint/rule-out-of-range.yaml': [{ code: 'MCPC_RULE_OUT_OF_RANGE', line: 7, column: 9, key: 'rule', fix: 'narrow the revisions' }],
  'suites/lint/rule-wrong-side.yaml': [{ code: 'MCPC_RULE_SIDE', line: 6, column: 9, key: 'rule', fix: 'set `role: client`' }],
  'suites/lint/http-request-revision.yaml': [{ code: 'MCPC_HTTP_REQUEST_REVISION', line: 13, column: 11, key: 'json', fix: 'Send a request of 2026-07-28' }],
  'suites/lint/duplicate-title-a.yaml': [],
  'suites/lint/duplicate-title-b.yaml': [{ code: 'MCPC_SCENARIO_DUPLICATE_TITLE', line: 3, key: 'title', fix: 'distinguishes' }],
  'suites/lint/duplicate-id.yaml': [],
  'extra/duplicate-id.yaml': [{ code: 'MCPC_SCENARIO_DUPLICATE_ID', line: 2, column: 5, key: 'id', fix: 'its own id' }],
  'extra/area-differs-from-id.yaml': [{ code: 'MCPC_SCENARIO_AREA_MISMATCH', line: 4, key: 'area', fix: 'Set `area: lint`' }],
};

const rules = loadRules(join(FIXTURES, 'rules'));
const result = loadScenarios({ dirs: [SUITES], files: EXTRA.map((f) => join(FIXTURES, f)), rules, root: SUITES });
const byFile = new Map<string, typeof result.problems>();
for (const p of result.problems) {
  const rel = relative(FIXTURES, p.file).split('\\').join('/');
  byFile.set(rel, [...(byFile.get(rel) ?? []), p]);
}

describe('invalid scenario fixtures', () => {
  it('every fixture file is listed in the table, and every table row has a file', () => {
    const onDisk = [
      ...readdirSync(join(SUITES, 'lint')).map((f) => `suites/lint/${f}`),
      ...readdirSync(join(FIXTURES, 'extra')).map((f) => `extra/${f}`),
    ].sort();
    expect(onDisk).toEqual(Object.keys(EXPECTED).sort());
  });

  it('no problem lands outside the fixture files', () => {
    expect([...byFile.keys()].filter((f) => !(f in EXPECTED))).toEqual([]);
  });

  for (const [file, expected] of Object.entries(EXPECTED)) {
    it(`${file} yields ${expected.length === 0 ? 'no problem' : expected.map((e) => e.code).join(', ')}`, () => {
      const got = byFile.get(file) ?? [];
      expect(got.map((p) => p.code)).toEqual(expected.map((e) => e.code));
      got.forEach((p, i) => {
        const want = expected[i]!;
        expect(p.line, p.message).toBe(want.line);
        if (want.column !== undefined) expect(p.column, p.message).toBe(want.column);
        if (want.key !== undefined) expect(p.key).toBe(want.key);
        expect(p.fix).toContain(want.fix);
        // DESIGN rule 6: a sentence saying what is wrong and a sentence saying how to fix it.
        expect(p.message).toMatch(/[.?]$/);
        expect(p.fix).toMatch(/[.?]$/);
      });
    });
  }

  it('every problem code the loader can report has a fixture', () => {
    const covered = new Set(Object.values(EXPECTED).flatMap((list) => list.map((e) => e.code)));
    // A missing file or folder cannot be a committed fixture; load-scenarios.test.ts covers it.
    const untestedHere: ScenarioProblemCode[] = ['MCPC_SCENARIO_READ'];
    expect(
      Object.keys(SCENARIO_PROBLEM_CODES).filter((c) => !covered.has(c as ScenarioProblemCode) && !untestedHere.includes(c as ScenarioProblemCode)),
    ).toEqual([]);
  });

  it('keeps the good files: only scenarios without problems are returned', () => {
    expect(result.scenarios.map((s) => s.id)).toEqual(['lint/duplicate-id', 'lint/duplicate-title-a']);
  });
});
