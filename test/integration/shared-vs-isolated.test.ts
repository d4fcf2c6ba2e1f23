// Stdio cells share target processes by default; that is a speed-up only: every cell must get the
// verdict, and every check the status, it gets with one process per cell (--isolate). Proved here on
// the reference server, the clean mini-server, mini-server defects whose effects could leak from one
// cell into the next (a second or unknown answer written after the first, stdout noise, lists that
// change with the connection's history, output after a response, wrong error codes, requests
// answered late), and real SDK 1.x and 2.x servers. A cell's findings do not end its process (see
// runner/engine/cell-fitness.ts), so the defects here are the ones whose effects could reach the
// next cell on a process that stays in use.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ConformanceOptions } from '../../api/index.js';
import { fixtureCommand } from './fixture-command.js';
import { ROOT, type Report } from './run-cli.js';
import { runServer } from './run-in-process.js';

const MINI = 'node test/fixtures/targets/mini-server.mjs';
const REFERENCE = 'node dist/mocks/reference/stdio-server.cjs';
// The SDK servers' bundled copies (fixture-command.ts): the same code in one file, a start costs
// less CPU, and the --isolate runs start one per cell. sdk-servers-vs-suites runs 1.x as written.
const SDK1 = fixtureCommand('test/fixtures/targets/sdk-stdio-server.mjs');
const SDK2 = fixtureCommand('test/fixtures/targets/sdk2-stdio-server.mjs');
type Revision = NonNullable<ConformanceOptions['revisions']>[number];
/** What a comparison runs: the stdio command (default: the reference server), revisions and areas. */
interface Selection {
  server?: string;
  revisions: Revision[];
  areas?: string[];
  scenarios?: string[];
}
const scratch = mkdtempSync(join(tmpdir(), 'mcp-conform-sharing-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * A server that drops a line that is not a well-formed request (as the SDKs do), then answers it
 * after all, late and out of order: it holds the line back and hands it to the clean mini-server
 * only after the next line (on a shared process: the runner's barrier), or when its input closes.
 * The answer must reach the cell that wrote the line, never the next cell on the process.
 */
const LATE_ANSWERS = `
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
const child = spawn(process.execPath, [${JSON.stringify(join(ROOT, 'test/fixtures/targets/mini-server.mjs'))}], { stdio: ['pipe', 'inherit', 'inherit'] });
const held = [];
const wellFormed = (line) => {
  try {
    const m = JSON.parse(line);
    return typeof m === 'object' && m !== null && !Array.isArray(m) && typeof m.method === 'string';
  } catch {
    return false;
  }
};
createInterface({ input: process.stdin }).on('line', (line) => {
  if (!wellFormed(line)) return void held.push(line);
  child.stdin.write(line + '\\n');
  for (const late of held.splice(0)) child.stdin.write(late + '\\n');
}).on('close', () => {
  for (const late of held.splice(0)) child.stdin.write(late + '\\n');
  child.stdin.end();
});
child.on('exit', (code) => process.exit(code ?? 1));
`;
const lateAnswers = join(scratch, 'late-answers.mjs');
writeFileSync(lateAnswers, LATE_ANSWERS);

/**
 * Cell → its status and the statuses each of its checks came out with. Messages carry timings and
 * are left out; a check repeated in a loop counts once (a server whose lists vary with its history
 * may page differently, which is not a different verdict).
 */
function verdicts(report: Report): Map<string, string> {
  return new Map(
    report.scenarios.map((s) => [
      `${s.id} @ ${s.revision}`,
      `${s.status}: ${[...new Set(s.checks.map((c) => `${c.id} ${c.rule} ${c.status}`))].sort().join(', ')}`,
    ]),
  );
}

function differences(isolated: Report, shared: Report): string[] {
  const a = verdicts(isolated);
  const b = verdicts(shared);
  const out: string[] = [];
  for (const key of new Set([...a.keys(), ...b.keys()])) {
    if (a.get(key) !== b.get(key)) out.push(`${key}\n  isolated: ${a.get(key)}\n  shared:   ${b.get(key)}`);
  }
  return out;
}

let logs = 0;
/** Runs the suite in this process and counts the target processes it started (mini-server writes one line per start). */
async function run(selection: Selection, isolate: boolean, countStarts: boolean): Promise<{ report: Report; starts: number }> {
  const log = join(scratch, `starts-${++logs}.log`);
  writeFileSync(log, '');
  const { report } = await runServer({
    target: { command: selection.server ?? REFERENCE, ...(countStarts ? { env: { MINI_SERVER_START_LOG: log } } : {}) },
    revisions: selection.revisions,
    ...(selection.areas ? { areas: selection.areas } : {}),
    ...(selection.scenarios ? { scenarios: selection.scenarios } : {}),
    timeoutMs: 3000,
    isolate,
  });
  const starts = readFileSync(log, 'utf8').split('\n').filter(Boolean).length;
  return { report, starts };
}

async function compare(selection: Selection, countStarts = false): Promise<{ isolated: number; shared: number; cells: number }> {
  const isolated = await run(selection, true, countStarts);
  const shared = await run(selection, false, countStarts);
  expect(differences(isolated.report, shared.report)).toEqual([]);
  const ran = shared.report.scenarios.filter((s) => s.status !== 'skipped').length;
  expect(ran, 'cells that ran').toBeGreaterThan(0);
  return { isolated: isolated.starts, shared: shared.starts, cells: ran };
}

describe('shared target processes give the verdicts of one process per cell (--isolate)', () => {
  // Lifecycle: the cells that open the conversation as the runner does hand their process on.
  it('on the reference server at 2025-11-25 and 2026-07-28', { timeout: 300_000 }, async () => {
    await compare({ revisions: ['2025-11-25', '2026-07-28'], areas: ['tools', 'resources', 'prompts', 'lifecycle'] });
  });

  it('on the clean mini-server, with little more than half the processes', { timeout: 300_000 }, async () => {
    const { isolated, shared, cells } = await compare({ server: MINI, revisions: ['2024-11-05', '2026-07-28'] }, true);
    // Isolated: one process per cell that ran, plus the probes.
    expect(isolated).toBeGreaterThanOrEqual(cells);
    // Shared: a little over half as many. The mini-server pages every list, and a cell that follows a
    // cursor it issued ends its process, as do tool calls at 2024-11-05 (no annotations).
    expect(shared).toBeLessThan(isolated * 0.6);
  });

  it('on @modelcontextprotocol/sdk 1.x over stdio', { timeout: 300_000 }, async () => {
    await compare({ server: SDK1, revisions: ['2025-11-25'], areas: ['tools', 'jsonrpc', 'resources'] });
  });

  // It remembers the protocol version its connection spoke, so a request naming another one (or
  // none) is answered differently on a process that served other cells: such cells get their own.
  it('on @modelcontextprotocol/server 2.x over stdio at 2026-07-28 (modern only)', { timeout: 300_000 }, async () => {
    // The whole suite: the difference shows only where those cells follow others on a process.
    await compare({ server: `${SDK2} --modern-only`, revisions: ['2026-07-28'] });
  });

  // Each writes something after (or besides) the answer a cell waits for, or changes with the
  // process's history: what a shared process could hand to the wrong cell.
  // Areas are narrowed where the defect shows in a few of them; cells of one revision still follow
  // each other on shared processes there.
  const defects: [string, Omit<Selection, 'server'>][] = [
    ['duplicate-response', { revisions: ['2025-06-18', '2026-07-28'], areas: ['jsonrpc', 'tools', 'resources', 'prompts'] }],
    ['duplicate-response-on-unicode', { revisions: ['2025-11-25'], areas: ['tools', 'jsonrpc'] }],
    ['unknown-id-response', { revisions: ['2025-11-25'], areas: ['jsonrpc', 'tools', 'prompts'] }],
    ['progress-after-response', { revisions: ['2025-11-25'], areas: ['progress', 'tools'] }],
    // Cursors that work once: a cell that followed one must not hand the process to another.
    ['single-use-cursor', { revisions: ['2025-11-25'], areas: ['pagination', 'tools'] }],
    // The probe pages every list on the process it keeps for the first unit of cells: a cell that
    // follows the same cursors must not get that process (its cursors were used once already).
    ['single-use-cursor', { revisions: ['2025-11-25'], scenarios: ['pagination/tools-follow-cursor'] }],
    ['logs-to-stdout', { revisions: ['2025-06-18'], areas: ['logging', 'jsonrpc', 'tools', 'resources'] }],
    ['resources-vary-after-requests', { revisions: ['2025-06-18'], areas: ['resources', 'pagination', 'tools'] }],
    // Wrong error codes are findings, which no longer end a process: the cells after them must
    // come out as on processes of their own.
    ['parse-error-wrong-code', { revisions: ['2025-11-25', '2026-07-28'], areas: ['jsonrpc', 'tools'] }],
    ['invalid-request-wrong-code', { revisions: ['2025-11-25'], areas: ['jsonrpc', 'resources'] }],
    ['method-not-found-wrong-code', { revisions: ['2025-11-25'], areas: ['jsonrpc', 'prompts'] }],
    // Answers a notification the scenario expects to stay unanswered (with a null id). With the
    // lifecycle area: lifecycle/initialized-not-answered takes the answer to its own
    // notifications/initialized for its own, where a runner-opened cell meets an unknown id, so it
    // must not hand its process on (answersOnlyRequests); without that, the cells after it passed
    // always/response-id-known where on processes of their own they fail it.
    ['answers-notifications', { revisions: ['2025-11-25'], areas: ['jsonrpc', 'tools', 'lifecycle'] }],
    // Runs a call of a tool it does not list (answered as a failed tool) and breaks every later
    // result: only a call refused with a JSON-RPC error leaves a process to the next cell.
    ['unknown-tool-runs', { revisions: ['2025-11-25', '2026-07-28'], areas: ['tools'] }],
    // Answers an unknown method only when its input closes: an answer still owed ends the process.
    ['late-unknown-method', { revisions: ['2025-11-25'], areas: ['jsonrpc', 'tools'] }],
    // Refuses string ids that are not numbers with a null id: a barrier with such an id had its
    // refusal reach the cell before it (a MUST failure of id-known that cell does not get alone).
    ['word-ids-refused', { revisions: ['2025-03-26'], areas: ['jsonrpc'] }],
  ];
  // Dual-era, it takes a line without the runner's _meta for a legacy client and answers later
  // requests without `resultType`: at 2026-07-28 a cell that writes a line as is ends its process.
  it('on @modelcontextprotocol/server 2.x over stdio at 2026-07-28 (dual-era)', { timeout: 300_000 }, async () => {
    await compare({ server: SDK2, revisions: ['2026-07-28'] });
  });

  it('on a server that answers dropped lines late, after the next request', { timeout: 300_000 }, async () => {
    await compare({ server: `node ${lateAnswers}`, revisions: ['2025-11-25', '2026-07-28'], areas: ['jsonrpc', 'tools'] });
  });

  // The exit of a shared process is judged for every cell it served; the warning says so, so that
  // a reader looks for the cause with --isolate rather than in the cell it is shown on.
  it('a shared process that ignores the end of its input names the cells it served', { timeout: 120_000 }, async () => {
    const { report } = await runServer({
      target: { command: `${MINI} --defect ignores-stdin-close` },
      revisions: ['2025-06-18'],
      // The mini-server declares every capability: no step of undeclared-methods-rejected applies.
      scenarios: ['ping/', 'tools/list-well-formed', 'prompts/list-well-formed', 'capabilities/undeclared-methods-rejected'],
      timeoutMs: 2000,
    });
    const exits = report.scenarios.flatMap((s) => s.checks.filter((c) => c.id === 'always/exit-on-stdin-close'));
    expect(exits.length).toBeGreaterThan(2);
    expect(exits.every((c) => c.status === 'warning')).toBe(true);
    expect(exits.some((c) => /the process served \d+ cells, this one among them/.test(c.message ?? ''))).toBe(true);
    // A cell that judged nothing stays skipped on a process that warned, and keeps the warning.
    const unjudged = report.scenarios.find((s) => s.id === 'capabilities/undeclared-methods-rejected');
    expect(unjudged).toMatchObject({ status: 'skipped', skipReason: 'no step applied to this revision and target' });
    expect(unjudged?.checks.find((c) => c.id === 'always/exit-on-stdin-close')?.status).toBe('warning');
  });

  for (const [defect, selection] of defects) {
    it(`on the mini-server with the ${defect} defect${selection.scenarios ? ` (${selection.scenarios.join(', ')})` : ''}`, { timeout: 300_000 }, async () => {
      await compare({ server: `${MINI} --defect ${defect}`, ...selection });
    });
  }
});
