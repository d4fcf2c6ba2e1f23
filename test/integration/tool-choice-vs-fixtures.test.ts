// Safe by default (issue 27, item 6) and the user's own tools and arguments (item 1): a scenario
// that calls a tool calls only one the server declares read-only or non-destructive, unless the run
// is widened (`tools: 'all'`) or the user names the tool (`preferTools`, `toolArgs`); a cell left
// without a callable tool is skipped with a reason that names the options. Proved on the
// mini-server's `--mode no-annotations` and `--defect destructive-first`, from each cell's transcript.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ConformanceOptions } from '../../api/index.js';
import { ConformanceOptionsError } from '../../api/index.js';
import { removeCliScratch, runCli, type ReportScenario } from './run-cli.js';
import { runServer } from './run-in-process.js';

const FIXTURE = 'test/fixtures/targets/mini-server.mjs';
const server = (defect?: string) => `node ${FIXTURE}${defect ? ` --defect ${defect}` : ''}`;
/** Tools that declare nothing about themselves (the unhelpful-targets mode). */
const UNANNOTATED = `node ${FIXTURE} --mode no-annotations`;
const SCENARIO = 'tools/call-valid-arguments';
const work = mkdtempSync(join(tmpdir(), 'mcp-conform-tool-choice-'));
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  removeCliScratch();
});

async function cell(target: string, revision: string, options: Omit<ConformanceOptions, 'target'> = {}): Promise<ReportScenario> {
  const { report } = await runServer({
    target: { command: target },
    timeoutMs: 3000,
    scenarios: [SCENARIO],
    revisions: [revision as '2025-06-18'],
    ...options,
  });
  const found = report.scenarios.find((s) => s.id === SCENARIO && s.revision === revision);
  expect(found, `no cell ${SCENARIO} @ ${revision}`).toBeDefined();
  return found!;
}

/** The `params` of every tools/call the runner sent in the cell. */
function toolCalls(result: ReportScenario): { name: string; arguments?: unknown }[] {
  return (result.transcript ?? [])
    .filter((e) => e.dir === 'send' && e.text !== undefined)
    .map((e) => JSON.parse(e.text!) as { method?: string; params?: { name: string; arguments?: unknown } })
    .filter((m) => m.method === 'tools/call')
    .map((m) => m.params!);
}

describe.concurrent('which tools a run calls', () => {
  it('does not call unannotated tools by default: the cell is skipped, naming --tools all, --tool and --tool-args', { timeout: 60_000 }, async () => {
    const result = await cell(UNANNOTATED, '2025-06-18');
    expect(result.status).toBe('skipped');
    expect(result.skipReason).toMatch(/none of the target's \d+ tools is declared read-only or non-destructive/);
    expect(result.skipReason).toContain('--tools all');
    expect(result.skipReason).toContain('--tool NAME');
    expect(result.skipReason).toContain('--tool-args FILE');
    expect(toolCalls(result)).toEqual([]);
  });

  it('does not call a 2024-11-05 server that lists no annotations anywhere', { timeout: 60_000 }, async () => {
    const result = await cell(UNANNOTATED, '2024-11-05');
    expect(result.status).toBe('skipped');
    expect(result.skipReason).toContain('--tools all');
  });

  it('calls a 2024-11-05 listing of the tools the same server declares harmless at a later revision', { timeout: 60_000 }, async () => {
    const result = await cell(server(), '2024-11-05');
    expect(result.status).toBe('passed');
    expect(toolCalls(result).map((c) => c.name)).toEqual(['echo']);
  });

  it('calls unannotated tools with tools: all', { timeout: 60_000 }, async () => {
    const result = await cell(UNANNOTATED, '2025-06-18', { tools: 'all' });
    expect(result.status).toBe('passed');
    expect(toolCalls(result).map((c) => c.name)).toEqual(['echo']);
  });

  it('skips the tool declared destructive, listed first, and calls the first one declared harmless', { timeout: 60_000 }, async () => {
    const result = await cell(server('destructive-first'), '2025-06-18');
    expect(result.status).toBe('passed');
    expect(toolCalls(result).map((c) => c.name)).toEqual(['echo']);
  });

  it('with tools: all, still prefers a harmless tool to the one declared destructive', { timeout: 60_000 }, async () => {
    const result = await cell(server('destructive-first'), '2025-06-18', { tools: 'all' });
    expect(toolCalls(result).map((c) => c.name)).toEqual(['echo']);
  });

  it('calls the tool preferTools names (--tool), even one declared destructive', { timeout: 60_000 }, async () => {
    const named = await cell(server(), '2025-06-18', { preferTools: ['add'] });
    expect(named.status).toBe('passed');
    expect(toolCalls(named).map((c) => c.name)).toEqual(['add']);
    const destructive = await cell(server('destructive-first'), '2025-06-18', { preferTools: ['wipe'] });
    expect(toolCalls(destructive).map((c) => c.name)).toEqual(['wipe']);
  });

  it('sends the arguments of a --tool-args file instead of generated ones, and may call that tool', { timeout: 60_000 }, async () => {
    const file = join(work, 'args.yaml');
    writeFileSync(file, 'echo:\n  - { message: "from the user file" }\n  - { message: "second" }\n');
    const result = await cell(UNANNOTATED, '2025-06-18', { toolArgs: file });
    expect(result.status).toBe('passed');
    expect(toolCalls(result)).toEqual([{ name: 'echo', arguments: { message: 'from the user file' } }]);
    const inline = await cell(server(), '2025-06-18', { preferTools: ['add'], toolArgs: { add: { a: 40, b: 2 } } });
    expect(toolCalls(inline)).toEqual([{ name: 'add', arguments: { a: 40, b: 2 } }]);
  });

  it('refuses a bad --tool-args file with its file, line and fix', async () => {
    const file = join(work, 'bad.yaml');
    writeFileSync(file, 'echo:\n  message: fine\nadd: 42\n');
    const run = runServer({ target: { command: server() }, scenarios: [SCENARIO], toolArgs: file });
    await expect(run).rejects.toBeInstanceOf(ConformanceOptionsError);
    await expect(run).rejects.toThrow(new RegExp(`${file.replaceAll('.', '\\.')}:3:\\d+ .*add`));
    await expect(runServer({ target: { command: server() }, scenarios: [SCENARIO], tools: 'some' as 'all' })).rejects.toThrow(/`tools` takes/);
  });
});

describe.concurrent('the tool flags on the command line', () => {
  it('refuses a bad --tool-args file and a bad --tools with exit 2, naming file, line and fix', { timeout: 60_000 }, async () => {
    const file = join(work, 'cli-bad.json');
    writeFileSync(file, '{\n  "echo": { "message": "fine" },\n  "add": [1]\n}\n');
    const [bad, scope] = await Promise.all([
      runCli(['--server', server(), '--scenario', SCENARIO, '--tool-args', file]),
      runCli(['--server', server(), '--scenario', SCENARIO, '--tools', 'everything']),
    ]);
    expect(bad.stderr).toMatch(/cli-bad\.json:3:\d+ .*add/);
    expect(bad.stderr).toContain('Expected: One argument object');
    expect(bad.code).toBe(2);
    expect(scope.stderr).toContain('--tools takes declared-safe or all');
    expect(scope.code).toBe(2);
  });

  it('--tool picks the named tool (comma list), and the reproduce command carries it', { timeout: 60_000 }, async () => {
    const result = await runCli(['--server', UNANNOTATED, '--scenario', SCENARIO, '--revision', '2025-06-18', '--tool', 'nope,add']);
    const cellResult = result.report?.scenarios.find((s) => s.id === SCENARIO);
    expect(cellResult?.status).toBe('passed');
    expect(toolCalls(cellResult!).map((c) => c.name)).toEqual(['add']);
    expect((cellResult as { repro?: string }).repro).toContain('--tool nope --tool add');
    expect(result.code).toBe(0);
  });
});
