// The Markdown summary the GitHub Action writes to the job summary: verdict, per-area table,
// baseline, repeated findings once, and each failure collapsed with its four blocks.
import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../wire/results/index.js';
import { createReporter } from '../index.js';
import { baselineRun, captureOutput, fixtureRun, greenRun, repeatedRun, unavailableRun } from '../test-fixtures.js';
import { renderMarkdownSummary } from './markdown-reporter.js';

const mdOutput = (run: RunResult = fixtureRun()) => captureOutput((s) => createReporter('markdown', { stream: s }), run);

describe('markdown reporter', () => {
  it('writes one summary at run end', async () => {
    const out = await mdOutput();
    await expect(out).toMatchFileSnapshot('__snapshots__/summary.md');
    expect(out).toBe(renderMarkdownSummary(fixtureRun()));
  });

  it('has a verdict and a per-area table whose counts are the run’s', async () => {
    const out = await mdOutput();
    expect(out).toMatch(/^## ❌ MCP conformance: failed\n/);
    expect(out).toContain('| ❌ lifecycle | 5 | 3 | 1 | 0 | 0 | 0 | 1 |');
    expect(out).toContain('| ❌ tools | 4 | 1 | 0 | 1 | 0 | 1 | 2 |');
    expect(await mdOutput(greenRun())).toMatch(/^## ✅ MCP conformance: passed\n/);
  });

  it('collapses each failure with its rule, spec link, expected/actual, exchange and reproduce command', async () => {
    const out = await mdOutput();
    expect(out).toContain(
      '<details><summary>❌ <code>lifecycle/initialize-echoes-version [2025-06-18]</code> — lifecycle.initialize.version-echo, jsonrpc.message.schema-valid</summary>',
    );
    expect(out).toContain('[Lifecycle / Version negotiation](https://modelcontextprotocol.io/specification/2025-06-18/basic/lifecycle#version-negotiation)');
    expect(out).toContain('- expected: `"2025-06-18"`');
    expect(out).toMatch(/```text\n[^`]*▸ #2 \+7ms ←/);
    expect(out).toContain('```sh\nnpx mcp-conform --server "node build/server.js" --scenario lifecycle/initialize-echoes-version --revision 2025-06-18\n```');
  });

  it('passes the gate with only expected failures, and lists new and stale entries', async () => {
    const out = await mdOutput(baselineRun());
    await expect(out).toMatchFileSnapshot('__snapshots__/summary-baseline.md');
    expect(out).toContain('| ❌ tools | 4 | 1 | 0 | 1 | 0 | 1 | 2 |');
    expect(out).toContain('| ⚠️ lifecycle | 5 | 3 | 0 | 0 | 1 | 0 | 1 |');
    expect(out).toContain('- ❌ new: `tools/call-echo [2025-11-25]`');
    expect(out).toContain('- ⚠️ stale (ran and passed: delete the entry): `lifecycle/ping 2025-11-25 lifecycle.ping.empty-result`: ping was slow before 1.4');
    const onlyExpected = baselineRun();
    onlyExpected.scenarios = onlyExpected.scenarios.filter((c) => c.status !== 'errored');
    onlyExpected.baseline = { ...onlyExpected.baseline!, unexpected: [], stale: [] };
    expect(renderMarkdownSummary(onlyExpected)).toMatch(/^## ✅ MCP conformance: passed\n/);
  });

  it('names a defect seen in many cells once', async () => {
    const out = await mdOutput(repeatedRun());
    expect(out).toContain(
      '### Repeated findings\n\n- **jsonrpc.message.schema-valid** (MUST): the 202 answer to notification #2 carried the body \\`null\\`; a 202 has no body — **one defect seen in 5 cells**',
    );
    expect(out.match(/^- \*\*jsonrpc/gm)).toHaveLength(1);
  });

  it('keeps the target’s text from breaking the table or the page', async () => {
    const run = fixtureRun();
    run.scenarios[1]!.checks[0]!.message = 'a | b <script>x</script> ``` fence';
    const out = renderMarkdownSummary(run);
    expect(out).toContain('- finding: a \\| b \\<script\\>x\\</script\\> \\`\\`\\` fence');
    expect(await mdOutput(unavailableRun())).toContain('### The target could not be tested');
  });
});
