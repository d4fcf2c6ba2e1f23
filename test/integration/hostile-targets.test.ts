// Targets that attack the runner rather than break a rule (test/fixtures/misbehaving): a run against
// them ends normally, blames the target for nothing the specification allows, and writes its reports.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeCliScratch, runCli } from './run-cli.js';

const fixture = (name: string) => `node test/fixtures/misbehaving/${name}`;

afterAll(removeCliScratch);

describe('a message nested 100 000 levels deep', () => {
  it.each(['result', 'notification'])(
    'is judged down to the depth limit and noted, never a crash or a verdict on the target (deep %s)',
    async (where) => {
      const run = await runCli([
        '--server',
        fixture('deep-json-server.mjs'),
        '--env',
        `DEEP_JSON_IN=${where}`,
        '--scenario',
        'tools/list-well-formed',
        '--revision',
        '2025-06-18',
        '--revision',
        '2026-07-28',
      ]);
      expect(run.stderr).not.toMatch(/internal error|RangeError/);
      expect(run.report?.scenarios.filter((s) => s.status !== 'skipped').map((s) => `${s.id} @ ${s.revision}: ${s.status}`)).toEqual([
        'tools/list-well-formed @ 2025-06-18: passed',
        'tools/list-well-formed @ 2026-07-28: passed',
      ]);
      expect(run.code).toBe(0);
      const notes = run.report!.scenarios.flatMap((s) => (s as unknown as { transcript: { dir: string; text: string }[] }).transcript);
      expect(notes.some((e) => e.dir === 'note' && /nested at least \d+ levels deep: it is judged down to level 256/.test(e.text))).toBe(true);
    },
    120_000,
  );
});

describe.runIf(process.platform === 'linux')('a process the target starts outside its process group', () => {
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      // Killed but not yet reaped by its new parent (a zombie) is dead for our purpose.
      return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'latin1'));
    } catch {
      return false;
    }
  };

  it.each([
    ['stdio', [] as string[]],
    ['HTTP (--port-env)', ['--port-env', 'PORT', '--env', 'LEFTOVER_SERVER=http']],
  ])(
    'does not survive the run (%s), and the cell says it was ended',
    async (_name, extra) => {
      const dir = mkdtempSync(join(tmpdir(), 'mcp-conform-leftover-'));
      const pidFile = join(dir, 'pids');
      try {
        const run = await runCli([
          '--server',
          fixture('leaves-detached-process.mjs'),
          ...extra,
          '--env',
          `LEFTOVER_PID_FILE=${pidFile}`,
          '--scenario',
          'ping/answers-empty-result',
          '--revision',
          '2025-06-18',
        ]);
        expect(run.code).toBe(0);
        const pids = readFileSync(pidFile, 'utf8').trim().split('\n').map(Number);
        // One per process the run started: the probes (five revisions) and the cell, or the one HTTP server.
        expect(pids.length).toBeGreaterThanOrEqual(1);
        expect(pids.filter(alive)).toEqual([]);
        if (extra.length === 0) {
          const cell = run.report!.scenarios.find((s) => s.id === 'ping/answers-empty-result') as unknown as { transcript: { dir: string; text: string }[] };
          expect(
            cell.transcript.some((e) => e.dir === 'note' && /left 1 process running outside its process group \(pid \d+\); mcp-conform ended it/.test(e.text)),
          ).toBe(true);
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});

describe('an HTTP target that cannot be reached', () => {
  it.each([
    ['a --server that exits before listening', ['--server', fixture('exit-immediately.mjs'), '--port-env', 'PORT'], /exited \(code 7\) before listening/],
    ['a --url where nothing listens', ['--url', 'http://127.0.0.1:9/mcp', '--timeout', '1000'], /nothing accepted connections/],
  ])(
    '%s: exit 3, and every requested report says why nothing was tested',
    async (_name, args, why) => {
      const dir = mkdtempSync(join(tmpdir(), 'mcp-conform-unreachable-'));
      const junit = join(dir, 'report.xml');
      try {
        const run = await runCli([...args, '--report', `junit=${junit}`]);
        expect(run.code).toBe(3);
        expect(run.report).toMatchObject({ endReason: 'target-unavailable', fatal: expect.stringMatching(why), scenarios: [] });
        const xml = readFileSync(junit, 'utf8');
        expect(xml).toMatch(/<testcase name="target is reachable"[^>]*>\s*<error message="[^"]*" type="target-unavailable">/);
        expect(xml).toMatch(why);
        expect(run.stdout).toMatch(why);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});

describe('a scenario pattern that backtracks catastrophically', () => {
  const slow = (name: string) => `test/fixtures/scenarios-slow/${name}`;

  it('is stopped at its time budget: the cell errors as a scenario error naming the file and line, well within --timeout', async () => {
    const started = Date.now();
    const run = await runCli(['--scenario-file', slow('slow-regex.yaml'), '--revision', '2025-06-18', '--timeout', '3000'], { timeoutMs: 60_000 });
    expect(run.code).toBe(1);
    const cell = run.report!.scenarios.find((s) => s.id === 'fixture/slow-regex') as unknown as {
      status: string;
      errorReason: string;
      checks: { status: string }[];
    };
    expect(cell.status).toBe('errored');
    expect(cell.errorReason).toMatch(/^scenario error: the regular expression .* was stopped after 1000 ms .*slow-regex\.yaml:13\)$/);
    expect(cell.checks.filter((c) => c.status === 'failed' || c.status === 'runner-bug')).toEqual([]);
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 60_000);

  it('is refused at load time when it nests a repeat inside a repeat, naming the file, line and column', async () => {
    const run = await runCli(['--scenario-file', slow('nested-repeat.yaml')], { timeoutMs: 60_000 });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/nested-repeat\.yaml:13:\d+ .*repeats `\(\[\\w\\s\]\+\)\+`/);
    expect(run.stderr).toContain('MCPC_SCENARIO_REGEX_SLOW');
  }, 60_000);
});

describe('a target that floods stdout', () => {
  it('costs a bounded transcript per cell, which says how much was cut, and every requested report is written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-conform-flood-'));
    const junit = join(dir, 'report.xml');
    try {
      // 40 log notifications of 200 kB before every answer: 8 MB per answer.
      const run = await runCli(
        ['--server', fixture('flooding-server.mjs'), '--area', 'ping', '--area', 'lifecycle', '--revision', '2025-06-18', '--report', `junit=${junit}`],
        { timeoutMs: 200_000 },
      );
      expect(run.stderr).not.toMatch(/internal error|RangeError|heap/);
      expect(run.report).toBeDefined();
      expect(readFileSync(junit, 'utf8')).toMatch(/<\/testsuites>\s*$/);
      const cells = run.report!.scenarios as unknown as { id: string; status: string; transcript: { dir: string; text: string }[] }[];
      const ran = cells.filter((c) => c.status !== 'skipped');
      expect(ran.length).toBeGreaterThan(5);
      for (const cell of ran) {
        const chars = cell.transcript.reduce((n, e) => n + e.text.length, 0);
        // Two budgets of 128 KiB, plus at most one entry (16 KiB and its marker) over each and the note.
        expect(chars, cell.id).toBeLessThan(2 * 128 * 1024 + 2 * 17 * 1024 + 500);
      }
      expect(ran.some((c) => c.transcript.some((e) => e.dir === 'note' && /entries \([\d.]+ MiB\) cut here/.test(e.text)))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});
