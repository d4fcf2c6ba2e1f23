import { afterEach, describe, expect, it, vi } from 'vitest';
import { createReporter, type ReporterOptions } from '../index.js';
import { baselineRun, captureOutput, fixtureRun, greenRun, interruptedRun, repeatedRun, strictRun, unavailableRun } from '../test-fixtures.js';
import { summarise, type RunResult, type ScenarioResult } from '../../wire/results/index.js';
import { CLEAR_LINE } from './progress-line.js';

function consoleOutput(run: RunResult, options: Omit<ReporterOptions, 'stream'> = {}, stream: { isTTY?: boolean; columns?: number } = {}) {
  return captureOutput((s) => createReporter('console', { stream: s, color: false, isTTY: false, ...options }), run, stream);
}

/** Makes the redraws of the progress line visible in a snapshot. */
function showRedraws(text: string): string {
  return text.split(CLEAR_LINE).join('⟲').replace(/⟲/g, '⟲\n');
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('console reporter', () => {
  it('prints a line per cell, the summary, four blocks per failure, the recap and totals (no terminal)', async () => {
    const out = await consoleOutput(fixtureRun());
    await expect(out).toMatchFileSnapshot('__snapshots__/console.txt');
    expect(out).toContain('4 passed, 1 failed, 3 skipped, 1 errored, 1 warning in 1.23s');
  });

  it('prints the documented per-cell lines', async () => {
    const out = await consoleOutput(fixtureRun());
    expect(out).toContain('✓ lifecycle/ping [2025-06-18] 12ms\n');
    expect(out).toContain('✗ lifecycle/initialize-echoes-version [2025-06-18] 48ms (2 failed checks)\n');
    expect(out).toContain('! tools/call-invalid-arguments [2025-06-18] 25ms (1 warning)\n');
    // A skipped cell gets no line of its own in a log: the end of the run groups them by reason.
    expect(out).not.toContain('- tools/list-pagination [2025-06-18] (skipped');
    expect(await consoleOutput(fixtureRun(), { verbose: true })).toContain(
      '- tools/list-pagination [2025-06-18] (skipped: the target lists all its tools in one page)\n',
    );
    expect(out).toContain('E tools/call-echo [2025-11-25] 1.00s (errored: the target exited with code 1 before answering tools/call (id 2))\n');
    expect(out).toContain('✓ lifecycle/ping [2025-11-25] (http) 9ms\n');
  });

  it('gives every failed, errored and warned cell its rule, expected/actual, exchange and reproduce command', async () => {
    const out = await consoleOutput(fixtureRun());
    for (const cell of fixtureRun().scenarios.filter((c) => c.status !== 'skipped' && c.checks.some((k) => k.status !== 'passed' && k.status !== 'info'))) {
      const section = out.slice(out.indexOf(`${cell.id} [${cell.revision}] —`));
      expect(section).toContain(`reproduce  ${cell.repro}`);
      for (const check of cell.checks.filter((k) => ['failed', 'warning', 'errored'].includes(k.status))) {
        expect(section).toContain(`rule       ${check.rule.id} (${check.rule.level}, revision ${cell.revision})`);
        expect(section).toContain(check.rule.url);
      }
    }
    expect(out).toContain('at         /result/protocolVersion');
    expect(out).toContain('┌─ stderr of the target (last 10 of 12 lines)');
  });

  it('never passes raw control characters from the target to the terminal', async () => {
    const out = await consoleOutput(fixtureRun());
    expect(out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    expect(out).toContain('\\u001b[33m[demo]');
  });

  it('summarises skipped cells by reason, and lists them one by one when verbose', async () => {
    const quiet = await consoleOutput(fixtureRun());
    expect(quiet).toContain('Skipped (3 cells)\n  2 × the target lists all its tools in one page — tools/list-pagination\n  1 × revision 2025-11-25');
    const verbose = await consoleOutput(fixtureRun(), { verbose: true });
    expect(verbose).toContain('  - tools/list-pagination [2025-11-25]: the target lists all its tools in one page');
  });

  it("groups a long run's skipped cells into one line per reason, over revisions, naming the scenarios compactly", async () => {
    const run = manySkipped();
    const out = await consoleOutput(run);
    await expect(out).toMatchFileSnapshot('__snapshots__/console-skipped.txt');
    expect(out).not.toContain('(skipped:');
    const section = out.slice(out.indexOf('Skipped (29 cells)'));
    expect(section).toContain(
      '  24 × not applicable to revision 2024-11-05, 2025-03-26, 2025-06-18, 2025-11-25 (scenario covers >=2026-07-28) — 6 scenarios in caching (3), negotiation (2), tools (1)\n',
    );
    expect(section).toContain('   2 × the target does not advertise the `prompts` capability — prompts/get\n');
    const verbose = await consoleOutput(run, { verbose: true });
    expect(verbose.match(/\(skipped: /g)).toHaveLength(29);
  });

  it('shows passed checks when verbose', async () => {
    const out = await consoleOutput(fixtureRun(), { verbose: true });
    await expect(out).toMatchFileSnapshot('__snapshots__/console-verbose.txt');
    expect(out).toContain('    ✓ lifecycle.ping.empty-result: ping (id 2) was answered with an empty result after 3ms');
    expect(out).toContain('    i lifecycle.initialize.instructions: the initialize result carries no instructions');
  });

  it('on a terminal, redraws one progress line and prints only the cells that need attention', async () => {
    const out = await consoleOutput(fixtureRun(), { isTTY: true }, { isTTY: true, columns: 80 });
    await expect(showRedraws(out)).toMatchFileSnapshot('__snapshots__/console-tty.txt');
    expect(out).not.toContain('✓ lifecycle/ping [2025-06-18]');
    expect(out).toContain('✗ lifecycle/initialize-echoes-version [2025-06-18]');
    expect(out).toContain('9/9 4 passed · 1 failed · 3 skipped · 1 errored');
    // The progress line never outgrows the terminal.
    const frames = out.split(CLEAR_LINE).filter((f) => f !== '' && !f.includes('\n'));
    expect(frames.length).toBeGreaterThan(9);
    for (const frame of frames) expect(Array.from(frame).length).toBeLessThan(80);
    // It is cleared before the final report, which is not cut to the width.
    expect(out.endsWith('\n')).toBe(true);
  });

  it('names the cell in flight on the progress line', async () => {
    const out = await consoleOutput(fixtureRun(), { isTTY: true }, { isTTY: true, columns: 120 });
    expect(out).toContain('running lifecycle/initialize-echoes-version [2025-06-18]');
  });

  it('under --strict, fails the warned cell and says so in the totals', async () => {
    const out = await consoleOutput(strictRun());
    expect(out).toContain('✗ FAIL tools/call-invalid-arguments [2025-06-18]');
    expect(out).toContain('3 passed, 2 failed, 3 skipped, 1 errored, 1 warning in 1.23s (strict: warnings fail)');
  });

  it('marks an interrupted run as partial', async () => {
    const out = await consoleOutput(interruptedRun());
    expect(out.trimEnd().split('\n').at(-1)).toBe('Interrupted after 5 of 9 planned cells; the results above are partial.');
  });

  it('shows why nothing ran when the target is unavailable, without empty totals', async () => {
    const out = await consoleOutput(unavailableRun());
    await expect(out).toMatchFileSnapshot('__snapshots__/console-unavailable.txt');
    expect(out).not.toContain('0 passed');
  });

  it('is short when everything passes', async () => {
    const out = await consoleOutput(greenRun());
    await expect(out).toMatchFileSnapshot('__snapshots__/console-green.txt');
    expect(out).not.toContain('Failures');
  });

  it('colours only when asked and NO_COLOR is unset', async () => {
    vi.stubEnv('NO_COLOR', '');
    expect(await consoleOutput(fixtureRun(), { color: true })).toContain('\u001b[31m');
    vi.stubEnv('NO_COLOR', '1');
    expect(await consoleOutput(fixtureRun(), { color: true })).not.toContain('\u001b[');
  });

  it('keeps the same words with colour on', async () => {
    vi.stubEnv('NO_COLOR', '');
    const painted = await consoleOutput(fixtureRun(), { color: true });
    const plain = await consoleOutput(fixtureRun());
    expect(painted.replace(/\u001b\[[0-9;]*m/g, '')).toBe(plain);
  });

  it('marks failures the baseline accepts and lists new, stale and unexercised entries', async () => {
    const out = await consoleOutput(baselineRun());
    await expect(out).toMatchFileSnapshot('__snapshots__/console-baseline.txt');
    expect(out).toContain(
      '✗ lifecycle/initialize-echoes-version [2025-06-18] 48ms (2 failed checks) (expected failure (baseline): the server echoes its own latest revision (issue #42))\n',
    );
    expect(out).toContain('  1 expected failure(s), 1 new, 1 stale entry, 1 not exercised by this run\n');
    expect(out).toContain('  stale  lifecycle/ping 2025-11-25 lifecycle.ping.empty-result  ran and passed: delete the entry\n');
    expect(out).toContain('(1 of the failures expected by the baseline)');
  });

  it('explains a finding seen in many cells once and says "one defect seen in N cells"', async () => {
    const out = await consoleOutput(repeatedRun());
    await expect(out).toMatchFileSnapshot('__snapshots__/console-repeated.txt');
    // Every cell still has its line, but the four blocks appear once, for the first cell.
    for (const id of ['lifecycle/ping', 'tools/list', 'tools/call-echo', 'prompts/list', 'resources/list'])
      expect(out).toContain(`✗ ${id} [2025-11-25] (http) `);
    expect(out.match(/expected {3}HTTP 202 with an empty body/g)).toHaveLength(1);
    // Cells whose only finding is the repeated one get no section of their own; the one with a
    // second failure points back to the first explanation.
    expect(out.match(/same defect as in lifecycle\/ping \[2025-11-25\] \(http\) above, one defect seen in 5 cells/g)).toHaveLength(1);
    expect(out).toContain('jsonrpc.message.schema-valid: one defect seen in 5 cells (listed under "Repeated findings"; explained here once)');
    expect(out).not.toContain('FAIL prompts/list');
    expect(out).toContain('Repeated findings (1)\n');
    expect(out).toContain(
      '    one defect seen in 5 cells: lifecycle/ping [2025-11-25] (http), tools/list [2025-11-25] (http), tools/call-echo [2025-11-25] (http) and 2 more\n',
    );
    // The cell with a second, distinct failure stays in the recap; the others fold into one line.
    expect(out).toContain('… and 4 cells whose only findings are repeated ones (below)');
  });
});

/** The fixture run with many more skipped cells, as a full run of every revision has them. */
function manySkipped(): RunResult {
  const base = fixtureRun();
  const template = base.scenarios.find((c) => c.status === 'skipped')!;
  const skip = (id: string, revision: ScenarioResult['revision'], skipReason: string): ScenarioResult => ({
    ...structuredClone(template),
    id,
    area: id.split('/')[0]!,
    title: id,
    revision,
    skipReason,
  });
  const modern = ['caching/hints', 'caching/scope', 'caching/ttl', 'negotiation/discover', 'negotiation/missing-meta', 'tools/list-deterministic'];
  const scenarios = [
    ...base.scenarios.filter((c) => c.status !== 'skipped'),
    ...(['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'] as const).flatMap((rev) =>
      modern.map((id) => skip(id, rev, `not applicable to revision ${rev} (scenario covers >=2026-07-28)`)),
    ),
    skip('prompts/get', '2025-06-18', 'the target does not advertise the `prompts` capability'),
    skip('prompts/get', '2025-11-25', 'the target does not advertise the `prompts` capability'),
    skip('tools/call-embedded', '2025-06-18', "none of the target's 9 tools matches { name: a string matching /[Ee]mbed/ }"),
    skip('tools/list-pagination', '2025-06-18', 'the target lists all its tools in one page'),
    skip('tools/list-pagination', '2025-11-25', 'the target lists all its tools in one page'),
  ];
  return { ...base, planned: scenarios.length, scenarios, summary: summarise(scenarios, 1230) };
}
