// One contract every reporter meets (DESIGN rule 12: interchangeable parts share one test file):
// pure consumers of the result model, safe with hostile target output, and equally at home on a
// stream or in a file.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createReporter, REPORT_FORMATS, type ReportFormat } from './index.js';
import {
  baselineRun,
  captureOutput,
  deepFreeze,
  fixtureRun,
  flakyRun,
  greenRun,
  headerOf,
  interruptedRun,
  memoryStream,
  repeatedRun,
  replay,
  strictRun,
  unavailableRun,
} from './test-fixtures.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  vi.unstubAllEnvs();
});
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'mcp-conform-reports-'));
  dirs.push(d);
  return d;
}

const plainOutput = (format: ReportFormat, run = fixtureRun()) => captureOutput((s) => createReporter(format, { stream: s, color: false, isTTY: false }), run);

describe('createReporter', () => {
  it('offers exactly the documented formats', () => {
    expect(REPORT_FORMATS).toEqual(['console', 'json', 'jsonl', 'junit', 'tap', 'html', 'markdown']);
  });

  it('refuses an unknown format with the project message grammar', () => {
    expect(() => createReporter('pdf' as ReportFormat, {})).toThrow(/^Failed to create a reporter: "pdf" is not a report format\. Use one of: console, json/);
  });

  it('never writes colour or progress redraws into a file', async () => {
    vi.stubEnv('NO_COLOR', '');
    const path = join(tempDir(), 'console.txt');
    await replay(createReporter('console', { path, color: true, isTTY: true }), fixtureRun());
    expect(readFileSync(path, 'utf8')).toBe(await plainOutput('console'));
  });
});

describe.each(REPORT_FORMATS)('%s reporter contract', (format) => {
  it('does not mutate what it receives', async () => {
    const run = deepFreeze(fixtureRun());
    await expect(replay(createReporter(format, { stream: memoryStream(), color: false }), run)).resolves.toBeUndefined();
  });

  it('handles every kind of run, ending its output with a newline', async () => {
    for (const run of [fixtureRun(), strictRun(), interruptedRun(), unavailableRun(), greenRun(), baselineRun(), repeatedRun(), flakyRun()]) {
      const out = await plainOutput(format, run);
      expect(out.length).toBeGreaterThan(0);
      expect(out.endsWith('\n')).toBe(true);
    }
  });

  it('passes no raw control characters from the target through', async () => {
    expect(await plainOutput(format)).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
  });

  it('writes the same text to a file, creating its folders', async () => {
    const path = join(tempDir(), 'nested', 'deeper', `report.${format}`);
    await replay(createReporter(format, { path }), fixtureRun());
    expect(readFileSync(path, 'utf8')).toBe(await plainOutput(format));
  });

  it('empties a report file left by an earlier run as soon as the run starts', async () => {
    const path = join(tempDir(), `report.${format}`);
    writeFileSync(path, 'stale report from yesterday');
    await createReporter(format, { path }).onRunStart?.(headerOf(fixtureRun()));
    expect(readFileSync(path, 'utf8')).not.toContain('stale');
  });

  it('writes a whole report when attached only for the end of the run', async () => {
    const stream = memoryStream();
    await createReporter(format, { stream, color: false, isTTY: false }).onRunEnd?.(fixtureRun());
    if (format === 'console') expect(stream.text()).toContain('4 passed, 1 failed, 3 skipped, 1 errored, 1 warning in 1.23s');
    else expect(stream.text()).toBe(await plainOutput(format));
  });

  it('names a flaky cell and its re-run, and counts it apart from failures', async () => {
    const out = await plainOutput(format, flakyRun());
    expect(out).toMatch(/flaky/);
    // The re-run's verdict is told (a confirmation too, in the formats that explain cells).
    expect(out).toMatch(/re-run alone|"rerun"|rerun:/);
    const counted: Partial<Record<ReportFormat, RegExp>> = {
      console: /4 passed, 0 failed, 3 skipped, 1 errored, 1 flaky, 1 warning in 1\.23s/,
      json: /"flaky": 1/,
      jsonl: /"flaky":1/,
      junit: /<property name="flaky" value="1"\/>/,
      tap: /# 4 passed, 0 failed, 3 skipped, 1 errored, 1 flaky, 1 warning/,
      markdown: /4 passed, 0 failed, 3 skipped, 1 errored, 1 flaky, 1 warning/,
      html: /<b>1<\/b> flaky/,
    };
    expect(out).toMatch(counted[format]!);
  });

  it('is deterministic for the same run', async () => {
    expect(await plainOutput(format)).toBe(await plainOutput(format));
  });
});
