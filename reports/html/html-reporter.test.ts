// The HTML report: one self-contained page whose matrix counts match the run, with every failure
// explained, nothing loaded from the network, and the target's text never turned into markup.
import { describe, expect, it } from 'vitest';
import type { RunResult, ScenarioResult } from '../../wire/results/index.js';
import { createReporter } from '../index.js';
import { baselineRun, captureOutput, fixtureRun, greenRun, interruptedRun, repeatedRun, unavailableRun } from '../test-fixtures.js';
import { renderHtmlReport } from './html-reporter.js';

const htmlOutput = (run: RunResult = fixtureRun()) => captureOutput((s) => createReporter('html', { stream: s }), run);

/** The `data-counts` of the matrix cell at an area row and a column (a revision, or `all`). */
function matrixCounts(html: string, area: string, column: number): Record<string, number> {
  const row = new RegExp(`<tr><th>${area}</th>(.*?)</tr>`).exec(html)?.[1];
  expect(row, `matrix row ${area}`).toBeDefined();
  const cells = [...row!.matchAll(/<td([^>]*)>/g)].map((m) => /data-counts="([^"]*)"/.exec(m[1]!)?.[1]);
  const counts = cells[column];
  if (counts === undefined) return {};
  return Object.fromEntries(
    counts
      .split(' ')
      .map((kv) => kv.split(':'))
      .map(([k, v]) => [k!, Number(v)])
      .filter(([, v]) => v !== 0),
  );
}

describe('html reporter', () => {
  it('writes one page at run end', async () => {
    const out = await htmlOutput();
    await expect(out).toMatchFileSnapshot('__snapshots__/report.html');
    expect(out).toBe(renderHtmlReport(fixtureRun()));
    expect(out.startsWith('<!DOCTYPE html>')).toBe(true);
  });

  it('shows a revision × area matrix whose counts are the run’s', async () => {
    const out = await htmlOutput();
    // Columns: 2025-06-18, 2025-11-25, all.
    expect(matrixCounts(out, 'lifecycle', 0)).toEqual({ failed: 1, passed: 1 });
    expect(matrixCounts(out, 'lifecycle', 1)).toEqual({ passed: 2, skipped: 1 });
    expect(matrixCounts(out, 'tools', 0)).toEqual({ warning: 1, skipped: 1 });
    expect(matrixCounts(out, 'tools', 1)).toEqual({ errored: 1, skipped: 1 });
    const all = (area: string) => Object.values(matrixCounts(out, area, 2)).reduce((a, b) => a + b, 0);
    expect(all('lifecycle') + all('tools')).toBe(fixtureRun().scenarios.length);
  });

  it('explains every failure with rule, spec link, expected/actual, exchange and reproduce command', async () => {
    const out = await htmlOutput();
    expect(out).toContain('lifecycle.initialize.version-echo</span> (MUST, failed, revision 2025-06-18)');
    expect(out).toContain(
      '<a href="https://modelcontextprotocol.io/specification/2025-06-18/basic/lifecycle#version-negotiation" rel="noreferrer">spec: Lifecycle / Version negotiation</a>',
    );
    expect(out).toContain('<dt>expected</dt><dd><code>&quot;2025-06-18&quot;</code></dd>');
    expect(out).toMatch(/<pre>[^<]*▸ #2 \+7ms ←/);
    expect(out).toContain(
      '<div class="repro"><pre>npx mcp-conform --server &quot;node build/server.js&quot; --scenario lifecycle/initialize-echoes-version --revision 2025-06-18</pre>',
    );
    for (const cell of fixtureRun().scenarios) expect(out).toContain(`data-status="${statusOf(cell)}"`);
  });

  it('loads nothing: no external resource, and a policy that forbids fetching', async () => {
    for (const run of [fixtureRun(), baselineRun(), repeatedRun(), unavailableRun(), interruptedRun(), greenRun()]) {
      const out = await htmlOutput(run);
      expect(out).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none';`);
      expect(out).not.toMatch(/<(script|img|link|iframe|object|embed|audio|video|source)\b[^>]*\s(src|href)=/i);
      expect(out).not.toMatch(/url\(|@import/);
      // Every URL in the page is a link the reader may follow, never a resource.
      for (const m of out.matchAll(/(\w+)="(https?:[^"]*)"/g)) expect(m[1]).toBe('href');
    }
  });

  it('never turns the target’s text into markup', async () => {
    const run = fixtureRun();
    const hostile = structuredClone(run.scenarios[1]!) as ScenarioResult;
    hostile.checks[0]!.message = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    hostile.checks[0]!.rule = { ...hostile.checks[0]!.rule, url: 'javascript:alert(3)' };
    const out = renderHtmlReport({ ...run, scenarios: [hostile] });
    expect(out).not.toContain('<script>alert');
    expect(out).not.toContain('<img');
    expect(out).not.toContain('javascript:');
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('marks failures the baseline accepts and lists new and stale entries', async () => {
    const out = await htmlOutput(baselineRun());
    await expect(out).toMatchFileSnapshot('__snapshots__/report-baseline.html');
    expect(out).toContain('data-status="expected"');
    expect(out).toContain('expected failure (baseline): the server echoes its own latest revision (issue #42)');
    expect(out).toContain('Stale entries (the cells they name ran and passed: delete them)');
    expect(out).toMatch(/<b class="failed">New failures<\/b><\/p><ul class="plain"><li><code>tools\/call-echo \[2025-11-25\]<\/code>/);
  });

  it('names a defect seen in many cells once', async () => {
    const out = await htmlOutput(repeatedRun());
    expect(out).toContain('<h2>Repeated findings</h2>');
    expect(out.match(/<li><b class="failed">jsonrpc\.message\.schema-valid<\/b>/g)).toHaveLength(1);
    expect(out).toContain('one defect seen in 5 cells');
  });

  it('offers a status filter with the counts, showing what needs attention first', async () => {
    const out = await htmlOutput();
    expect(out).toContain('<input type="checkbox" value="failed" checked> failed (1)');
    // The cell that passed with a warning is counted as a warning, not as passed.
    expect(out).toContain('<input type="checkbox" value="passed"> passed (3)');
    expect(out).toContain('<span id="shown-count">3</span> shown');
  });
});

function statusOf(cell: ScenarioResult): string {
  if (cell.status === 'passed') return cell.checks.some((c) => c.status === 'warning') ? 'warning' : 'passed';
  return cell.status;
}
