import { describe, expect, it } from 'vitest';
import { createReportValidators } from '../../schema/report/index.js';
import { createReporter } from '../index.js';
import {
  baselineRun,
  captureOutput,
  fixtureRun,
  greenRun,
  interruptedRun,
  memoryStream,
  repeatedRun,
  replay,
  strictRun,
  unavailableRun,
} from '../test-fixtures.js';
import { jsonReportChunks, renderJsonReport } from './json-reporter.js';

const validators = createReportValidators();
const jsonOutput = (run = fixtureRun()) => captureOutput((s) => createReporter('json', { stream: s }), run);

describe('json reporter', () => {
  it('writes one document at run end', async () => {
    const out = await jsonOutput();
    await expect(out).toMatchFileSnapshot('__snapshots__/report.json');
    expect(out).toBe(renderJsonReport(fixtureRun()));
  });

  it.each([
    ['the fixture run', fixtureRun],
    ['a run whose target never answered', unavailableRun],
    ['a run measured against a baseline', baselineRun],
  ])('writes the document cell by cell, byte for byte the whole-document rendering, for %s', async (_name, make) => {
    const run = make();
    const chunks = [...jsonReportChunks(run)];
    expect(chunks.length).toBeGreaterThanOrEqual(run.scenarios.length);
    expect(chunks.join('')).toBe(renderJsonReport(run));
  });

  it('writes nothing before the run ends', async () => {
    const stream = memoryStream();
    await replay(createReporter('json', { stream }), fixtureRun(), { end: false });
    expect(stream.text()).toBe('');
  });

  it('has the documented shape: summary, flattened rule facts per check, the complete transcript', async () => {
    const doc = JSON.parse(await jsonOutput());
    expect(Object.keys(doc)).toEqual([
      'formatVersion',
      'tool',
      'target',
      'revisions',
      'startedAt',
      'strict',
      'seed',
      'planned',
      'endReason',
      'summary',
      'scenarios',
    ]);
    expect(doc.summary).toEqual({ scenarios: 9, passed: 4, failed: 1, skipped: 3, errored: 1, flaky: 0, warnings: 1, durationMs: 1234 });
    const failed = doc.scenarios[1];
    expect(failed.checks[0]).toMatchObject({
      rule: 'lifecycle.initialize.version-echo',
      level: 'MUST',
      status: 'failed',
      pointer: '/result/protocolVersion',
      section: 'Lifecycle / Version negotiation',
      url: expect.stringMatching(/^https:\/\//),
    });
    expect(failed.transcript).toHaveLength(11);
    expect(failed.transcript[0].text).toBe(fixtureRun().scenarios[1]!.transcript[0]!.text);
    expect(doc.scenarios[4]).toMatchObject({ status: 'skipped', skipReason: expect.any(String) });
    expect(doc.scenarios[8]).toMatchObject({ status: 'errored', errorReason: expect.any(String), stderr: expect.arrayContaining(['Node.js v20.19.0']) });
  });

  it.each([
    ['the fixture run', fixtureRun],
    ['a strict run', strictRun],
    ['an interrupted run', interruptedRun],
    ['a run whose target never answered', unavailableRun],
    ['an all-green run', greenRun],
    ['a run measured against a baseline', baselineRun],
    ['a run with one defect in many cells', repeatedRun],
  ])('validates against schema/report/report.schema.json for %s', async (_name, make) => {
    expect(validators.validateReport(JSON.parse(await jsonOutput(make())))).toEqual([]);
  });

  it('marks each failed cell as expected by the baseline (with the reason) or new, and lists stale and unexercised entries', async () => {
    const out = await jsonOutput(baselineRun());
    await expect(out).toMatchFileSnapshot('__snapshots__/report-baseline.json');
    const doc = JSON.parse(out);
    const byStatus = (status: string) => doc.scenarios.filter((c: { status: string }) => c.status === status).map((c: { baseline?: unknown }) => c.baseline);
    expect(byStatus('failed')).toEqual([{ status: 'expected', reason: 'the server echoes its own latest revision (issue #42)' }]);
    expect(byStatus('errored')).toEqual([{ status: 'new' }]);
    expect(byStatus('passed').every((b: unknown) => b === undefined)).toBe(true);
    expect(doc.baseline.stale).toHaveLength(1);
    expect(doc.baseline.notRun).toHaveLength(1);
  });

  it('keeps one complete record per cell for a finding repeated across cells', async () => {
    const doc = JSON.parse(await jsonOutput(repeatedRun()));
    expect(doc.scenarios).toHaveLength(5);
    for (const cell of doc.scenarios) expect(cell.checks[0]).toMatchObject({ rule: 'jsonrpc.message.schema-valid', status: 'failed' });
  });
});
