// Every JUnit report we write is valid against a strict JUnit schema (junit-schema.xsd beside this
// file: the shape CI consumers validate against), checked with libxml2's XSD validator compiled to
// WebAssembly (xmllint-wasm): nothing is fetched at test time. Also checks what the schema cannot:
// counts that add up, and no suite taking longer than the run.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import type { RunResult } from '../../wire/results/index.js';
import { baselineRun, fixtureRun, fuzzRun, greenRun, interruptedRun, repeatedRun, strictRun, unavailableRun } from '../test-fixtures.js';
import { renderJunitReport } from './junit-reporter.js';

const SCHEMA = readFileSync(fileURLToPath(new URL('./junit-schema.xsd', import.meta.url)), 'utf8');

async function schemaErrors(xml: string): Promise<string[]> {
  const result = await validateXML({ xml: [{ fileName: 'report.xml', contents: xml }], schema: [{ fileName: 'junit-schema.xsd', contents: SCHEMA }] });
  return result.errors.map((e) => e.rawMessage);
}

const RUNS: [string, () => RunResult][] = [
  ['a run with every verdict', fixtureRun],
  ['a strict run', strictRun],
  ['an interrupted run', interruptedRun],
  ['a run whose target never answered', unavailableRun],
  ['a green run', greenRun],
  ['a run with a fuzz result', fuzzRun],
  ['a run measured against a baseline', baselineRun],
  ['a run with one defect in many cells', repeatedRun],
];

const attr = (tag: string, name: string) => Number(new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]);

describe('JUnit output against the strict JUnit schema', () => {
  it.each(RUNS)('%s is valid', async (_name, make) => {
    expect(await schemaErrors(renderJunitReport(make()))).toEqual([]);
  });

  it('rejects what consumers reject, so a pass above means something', async () => {
    const good = renderJunitReport(fixtureRun());
    const propertiesInTestcase = good.replace(/(<testcase [^>]*>)/, '$1<properties><property name="rule" value="x"/></properties>');
    const skippedOnTestsuites = good.replace('<testsuites ', '<testsuites skipped="1" timestamp="2025-07-01T10:00:00" ');
    expect((await schemaErrors(propertiesInTestcase)).join('\n')).toMatch(/properties.*not expected/);
    expect((await schemaErrors(skippedOnTestsuites)).join('\n')).toMatch(/attribute 'skipped' is not allowed/);
  });

  it.each(RUNS)('%s: counts add up and no suite takes longer than the run', (_name, make) => {
    const run = make();
    const xml = renderJunitReport(run);
    const root = /<testsuites [^>]*>/.exec(xml)![0];
    expect(attr(root, 'time')).toBeCloseTo((run.summary.durationMs + (run.fuzz?.durationMs ?? 0)) / 1000, 3);
    const suites = [...xml.matchAll(/<testsuite [^>]*>[\s\S]*?<\/testsuite>/g)].map((m) => m[0]);
    for (const s of suites) {
      const head = /<testsuite [^>]*>/.exec(s)![0];
      expect(attr(head, 'time')).toBeLessThanOrEqual(attr(root, 'time'));
      expect(attr(head, 'tests')).toBe((s.match(/<testcase /g) ?? []).length);
      expect(attr(head, 'failures')).toBe((s.match(/<failure /g) ?? []).length);
      expect(attr(head, 'errors')).toBe((s.match(/<error /g) ?? []).length);
      expect(attr(head, 'skipped')).toBe((s.match(/<skipped /g) ?? []).length);
    }
    for (const key of ['tests', 'failures', 'errors']) {
      expect(attr(root, key)).toBe(suites.reduce((n, s) => n + attr(/<testsuite [^>]*>/.exec(s)![0], key), 0));
    }
  });
});
