// The GitHub Action run locally as CI would: action.yml's step runs dist/cli/github-action.js with
// INPUT_* variables and a job-summary file; here against the bundled reference server (passes) and
// a fixture with one planted defect (fails, then passes against a baseline of that failure).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCRIPT = join(ROOT, 'dist', 'cli', 'github-action.js');
const REFERENCE = `${process.execPath} ${join(ROOT, 'dist', 'mocks', 'reference', 'stdio-main.js')}`;
const MINI = `${process.execPath} ${join(ROOT, 'test', 'fixtures', 'targets', 'mini-server.mjs')}`;
const work = mkdtempSync(join(tmpdir(), 'mcpc-action-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface ActionRun {
  code: number;
  stderr: string;
  summary: string;
  outputs: Record<string, string>;
  junit: string;
}

let n = 0;
/** Runs the action's script in a fresh folder (its working directory, as on a runner). */
function runAction(inputs: Record<string, string>): Promise<ActionRun> {
  const dir = mkdtempSync(join(work, `run${++n}-`));
  const summaryFile = join(dir, 'step-summary.md');
  const outputFile = join(dir, 'github-output.txt');
  writeFileSync(summaryFile, '# earlier steps wrote this\n');
  writeFileSync(outputFile, '');
  const env = {
    PATH: process.env.PATH,
    GITHUB_STEP_SUMMARY: summaryFile,
    GITHUB_OUTPUT: outputFile,
    INPUT_WORKING_DIRECTORY: dir,
    ...Object.fromEntries(Object.entries(inputs).map(([k, v]) => [`INPUT_${k.toUpperCase().replace(/-/g, '_')}`, v])),
  };
  return new Promise((resolve) => {
    execFile(process.execPath, [SCRIPT], { cwd: dir, env, timeout: 200_000 }, (err, _stdout, stderr) => {
      const code = err ? ((err as { code?: number }).code ?? -1) : 0;
      const outputs = Object.fromEntries(
        readFileSync(outputFile, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
      );
      let junit = '';
      try {
        junit = readFileSync(outputs.junit ?? join(dir, 'none'), 'utf8');
      } catch {
        junit = '';
      }
      resolve({ code, stderr, summary: readFileSync(summaryFile, 'utf8'), outputs, junit });
    });
  });
}

describe('GitHub Action (action.yml and its script)', () => {
  it('declares a composite Node 20 action whose step passes every input to the script', () => {
    const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as {
      inputs: Record<string, unknown>;
      runs: { using: string; steps: { uses?: string; with?: Record<string, unknown>; env?: Record<string, string>; run?: string }[] };
    };
    expect(action.runs.using).toBe('composite');
    expect(action.runs.steps[0]).toMatchObject({ uses: expect.stringMatching(/^actions\/setup-node@/), with: { 'node-version': 20 } });
    const step = action.runs.steps.find((s) => s.run?.includes('dist/cli/github-action.js'))!;
    for (const name of Object.keys(action.inputs)) {
      expect(step.env?.[`INPUT_${name.toUpperCase().replace(/-/g, '_')}`]).toBe(`\${{ inputs.${name} }}`);
    }
  });

  it('passes against the reference server: JUnit written, the Markdown summary appended to the job summary', async () => {
    const run = await runAction({ server: REFERENCE, revisions: '2025-06-18', args: '--area lifecycle --area ping', html: 'report.html' });
    expect(run.code).toBe(0);
    expect(run.summary.startsWith('# earlier steps wrote this\n## ✅ MCP conformance: passed\n')).toBe(true);
    expect(run.summary).toMatch(/\| ✅ lifecycle \| \d+ \| \d+ \| 0 \| 0 \| 0 \| 0 \| \d+ \|/);
    expect(run.outputs['exit-code']).toBe('0');
    expect(run.junit).toMatch(/<testsuites name="mcp-conform" tests="\d+" failures="0" errors="0"/);
    expect(readFileSync(run.outputs.html!, 'utf8')).toContain('<h1>MCP conformance <span class="verdict ok">PASSED</span></h1>');
  }, 200_000);

  it('fails on a planted defect with the failure in the summary, and passes with a baseline of it', async () => {
    // A defect the server shows at once (ping refused), so that no wait for an answer that never comes costs the test a --timeout.
    const failing = await runAction({ server: `${MINI} --defect ping-error`, revisions: '2025-06-18', args: '--scenario ping/answers-empty-result' });
    expect(failing.code).toBe(1);
    expect(failing.summary).toContain('## ❌ MCP conformance: failed');
    expect(failing.summary).toContain('<details><summary>❌ <code>ping/answers-empty-result [2025-06-18]</code>');
    expect(failing.junit).toContain('<failure ');
    const baseline = join(work, 'baseline.yaml');
    writeFileSync(baseline, '- scenario: ping/answers-empty-result\n  revision: 2025-06-18\n  reason: "ping is refused (issue #1)"\n');
    const accepted = await runAction({
      server: `${MINI} --defect ping-error`,
      revisions: '2025-06-18',
      args: '--scenario ping/answers-empty-result',
      baseline,
    });
    expect(accepted.code).toBe(0);
    expect(accepted.summary).toContain('## ✅ MCP conformance: passed');
    expect(accepted.summary).toContain('expected failure (baseline): ping is refused (issue #1)');
    // The test report agrees with the gate: the accepted failure is skipped, not failed.
    expect(accepted.junit).not.toContain('<failure ');
    expect(accepted.junit).toContain('<skipped message="expected failure (baseline): ping is refused (issue #1)');
  }, 200_000);

  it('refuses to run without a server or URL, with an annotation that says which input to add', async () => {
    const run = await runAction({});
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('::error::Failed to start mcp-conform: the action needs the `server` input');
    expect(run.summary).toBe('# earlier steps wrote this\n');
  }, 30_000);
});
