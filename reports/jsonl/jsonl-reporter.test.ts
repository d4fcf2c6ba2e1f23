import { describe, expect, it } from 'vitest';
import { createReportValidators } from '../../schema/report/index.js';
import { createReporter } from '../index.js';
import { renderJsonReport } from '../json/index.js';
import { baselineRun, captureOutput, fixtureRun, interruptedRun, memoryStream, replay, unavailableRun } from '../test-fixtures.js';
import { readJsonlReport } from './read-jsonl-report.js';
import { renderJsonlReport } from './jsonl-reporter.js';

const validators = createReportValidators();
const jsonlOutput = (run = fixtureRun()) => captureOutput((s) => createReporter('jsonl', { stream: s }), run);

describe('jsonl reporter', () => {
  it('writes a header, one line per cell and a footer', async () => {
    const out = await jsonlOutput();
    await expect(out).toMatchFileSnapshot('__snapshots__/report.jsonl');
    const types = out
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l).type);
    expect(types).toEqual(['header', ...Array(9).fill('scenario'), 'footer']);
    expect(out).toBe(renderJsonlReport(fixtureRun()));
  });

  it('streams: the header at run start and each cell as it ends, the footer only at the end', async () => {
    const stream = memoryStream();
    const reporter = createReporter('jsonl', { stream });
    const run = fixtureRun();
    await reporter.onRunStart?.({ ...run });
    expect(stream.text().split('\n')).toHaveLength(2);
    await reporter.onScenarioEnd?.(run.scenarios[0]!, { done: 1, planned: 9 });
    expect(JSON.parse(stream.text().split('\n')[1]!)).toMatchObject({ type: 'scenario', id: 'lifecycle/ping' });
    expect(stream.text()).not.toContain('"footer"');
  });

  it('keeps every record on one physical line whatever the target sent', async () => {
    const out = await jsonlOutput();
    expect(out.trimEnd().split('\n')).toHaveLength(11);
    expect(out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u2028\u2029]/);
  });

  it.each([
    ['the fixture run', fixtureRun],
    ['an interrupted run', interruptedRun],
    ['a run whose target never answered', unavailableRun],
    ['a run measured against a baseline', baselineRun],
  ])('every line validates against schema/report/report-line.schema.json for %s', async (_name, make) => {
    const lines = (await jsonlOutput(make())).trimEnd().split('\n');
    for (const line of lines) expect(validators.validateLine(JSON.parse(line))).toEqual([]);
  });
});

describe('readJsonlReport', () => {
  it('reads a complete report back into the same document the JSON reporter writes', async () => {
    const result = readJsonlReport(await jsonlOutput());
    expect(result.complete).toBe(true);
    if (result.complete) expect(`${JSON.stringify(result.report, null, 2)}\n`).toBe(renderJsonReport(fixtureRun()));
  });

  it('reads back the baseline: each cell verdict from its line, the entries from the footer', async () => {
    const result = readJsonlReport(await jsonlOutput(baselineRun()));
    expect(result.complete).toBe(true);
    if (result.complete) expect(`${JSON.stringify(result.report, null, 2)}\n`).toBe(renderJsonReport(baselineRun()));
  });

  it('reports an incomplete run when the footer is missing', async () => {
    const stream = memoryStream();
    await replay(createReporter('jsonl', { stream }), fixtureRun(), { end: false });
    const result = readJsonlReport(stream.text());
    expect(result).toMatchObject({ complete: false, reason: 'incomplete-run' });
    if (!result.complete) {
      expect(result.problem).toMatch(/^incomplete run: the report has a header and 9 of 9 planned cells but no footer/);
      expect(result.scenarios).toHaveLength(9);
      expect(result.header?.planned).toBe(9);
    }
  });

  it('treats a last line cut off mid-record as an incomplete run', async () => {
    const text = await jsonlOutput();
    const cut = text.slice(0, text.indexOf('"type":"scenario","id":"tools/call-echo"') + 20);
    const result = readJsonlReport(cut);
    expect(result).toMatchObject({ complete: false, reason: 'incomplete-run' });
    if (!result.complete) {
      expect(result.problem).toContain('its last line was cut off');
      expect(result.scenarios).toHaveLength(8);
    }
  });

  it('reports an empty text as a run that never started', () => {
    expect(readJsonlReport('')).toMatchObject({
      complete: false,
      reason: 'incomplete-run',
      problem: expect.stringMatching(/^incomplete run: the report is empty/),
    });
  });

  it('accepts a complete report whose final newline was lost', async () => {
    expect(readJsonlReport((await jsonlOutput()).trimEnd()).complete).toBe(true);
  });

  it.each([
    ['a first line that is not a header', (t: string) => t.split('\n').slice(1).join('\n'), /first line is not a header/],
    ['a line that is not JSON', (t: string) => t.replace('\n', '\n{oops\n'), /line 2 is not JSON/],
    ['a line after the footer', (t: string) => `${t}${t.split('\n')[1]}\n`, /follows the footer/],
    ['an unknown line type', (t: string) => t.replace('"type":"scenario"', '"type":"cell"'), /type "cell"/],
    ['a footer that counts other cells', (t: string) => t.replace(/\n[^\n]*\n(?=[^\n]*"footer")/, '\n'), /footer counts 9 cells but 8/],
    ['another format version', (t: string) => t.replace('"formatVersion":2', '"formatVersion":1'), /format version 1/],
  ])('refuses %s as malformed', async (_name, corrupt, message) => {
    const result = readJsonlReport(corrupt(await jsonlOutput()));
    expect(result).toMatchObject({ complete: false, reason: 'malformed' });
    if (!result.complete) expect(result.problem).toMatch(message);
  });
});
