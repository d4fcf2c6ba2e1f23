// A fuzz result travels into every machine report: the JSON document and the JSON Lines footer
// (both valid against our report schemas), a `fuzz` testsuite in JUnit and one more TAP point,
// each with the seed, the inputs run, the property and rule broken, the counterexample file and
// the command that replays it; SHOULD-level findings appear as warnings without failing.
import { describe, expect, it } from 'vitest';
import { createReportValidators } from '../schema/report/index.js';
import { createReporter } from './index.js';
import { captureOutput, fuzzRun, greenRun } from './test-fixtures.js';

const validators = createReportValidators();
const output = (format: 'json' | 'jsonl' | 'junit' | 'tap', run = fuzzRun()) => captureOutput((stream) => createReporter(format, { stream }), run);

describe('fuzz results in reports', () => {
  it('json: a `fuzz` member valid against the report schema', async () => {
    const doc = JSON.parse(await output('json'));
    expect(validators.validateReport(doc)).toEqual([]);
    expect(doc.endReason).toBe('failed');
    expect(doc.fuzz).toMatchObject({
      seed: 7,
      cases: 85,
      status: 'failed',
      failure: {
        violations: [{ rule: 'transport.http.unaccepted-input-error-status', level: 'MUST', property: 'no-server-error' }],
        counterexample: 'mcp-conform-counterexamples/fuzz-seed-7.yaml',
        reproduce: expect.stringContaining('--scenario-file'),
      },
      warnings: [{ rule: 'transport.http.session-required-400', level: 'SHOULD', count: 3 }],
    });
    // A schema that accepted anything would prove nothing: a broken fuzz member is refused.
    expect(validators.validateReport({ ...doc, fuzz: { ...doc.fuzz, status: 'maybe' } })).not.toEqual([]);
  });

  it('jsonl: the footer carries the fuzz member, valid against the line schema', async () => {
    const lines = (await output('jsonl'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const footer = lines.at(-1)!;
    expect(footer.type).toBe('footer');
    expect(validators.validateLine(footer)).toEqual([]);
    expect(footer.fuzz).toMatchObject({ seed: 7, status: 'failed' });
  });

  it('junit: a fuzz testsuite whose testcase fails with the rule, input, counterexample and replay', async () => {
    const xml = await output('junit');
    expect(xml).toMatch(/<testsuites name="mcp-conform" tests="\d+" failures="1"/);
    expect(xml).toContain('<testsuite name="fuzz" tests="1" failures="1"');
    expect(xml).toContain('<testcase name="fuzz [2025-06-18] seed 7" classname="mcp-conform.fuzz"');
    expect(xml).toContain(
      '<failure message="transport.http.unaccepted-input-error-status: A POST body the server cannot accept is answered with a 4xx status." type="no-server-error">',
    );
    expect(xml).toContain('saved      mcp-conform-counterexamples/fuzz-seed-7.yaml');
    expect(xml).toContain('replay     seed 7, path 84:0: npx mcp-conform fuzz');
    // No <properties> inside a testcase (the strict JUnit schema forbids them): the warning is a line of the text.
    expect(xml).toContain(
      'warning    transport.http.session-required-400 (SHOULD) client-error-status: answered 200, expected 400 (3 inputs; first: a request without Mcp-Session-Id)',
    );
  });

  it('junit: a passing fuzz is a passing testcase', async () => {
    const run = fuzzRun();
    const xml = await output('junit', { ...run, endReason: 'passed', fuzz: { ...run.fuzz!, status: 'passed', warnings: [] } as NonNullable<typeof run.fuzz> });
    expect(xml).toContain('<testsuite name="fuzz" tests="1" failures="0"');
    expect(xml).not.toContain('<failure');
  });

  it('tap: the plan counts the fuzz point, which is not ok with a YAML diagnostic', async () => {
    const tap = await output('tap');
    const cells = greenRun().scenarios.length;
    expect(tap).toContain(`1..${cells + 1}\n`);
    expect(tap).toContain(`not ok ${cells + 1} - fuzz [2025-06-18] seed 7: 85 inputs\n`);
    expect(tap).toMatch(/rule: transport\.http\.unaccepted-input-error-status\n\s+level: MUST/);
    expect(tap).toContain('counterexample: mcp-conform-counterexamples/fuzz-seed-7.yaml');
    expect(tap).toMatch(/warnings:\n\s+- severity: warning\n\s+rule: transport\.http\.session-required-400/);
  });

  it('tap: a planned fuzz that could not run is a skipped point, so the plan still holds', async () => {
    const { fuzz: _fuzz, ...run } = fuzzRun();
    const tap = await output('tap', { ...run, endReason: 'passed' });
    const cells = greenRun().scenarios.length;
    expect(tap).toContain(`1..${cells + 1}\n`);
    expect(tap).toContain(`ok ${cells + 1} - fuzz # SKIP`);
    expect(tap).not.toContain('Bail out!');
  });
});
