// Issue 17 (verdicts a user can trust): each planted defect below must come out as a finding with
// its exact rule and verdict (never as "unreachable" or a silent pass), an allowed refusal must
// not be blamed, and a URL that is not an MCP endpoint must be named for what it answered.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Revision } from '../../schema/revisions.js';
import { removeCliScratch, runCli, type Report } from './run-cli.js';
import { runServer } from './run-in-process.js';

const STDIO = 'test/fixtures/targets/mini-server.mjs';
const HTTP = 'test/fixtures/targets/mini-http-server.mjs';
afterAll(removeCliScratch);

/** Runs in this process (run-in-process.ts); the CLI is spawned only for what it prints. */
interface Selection {
  revision?: Revision;
  scenarios?: string[];
  areas?: string[];
}
const select = ({ revision, scenarios, areas }: Selection) => ({
  ...(revision ? { revisions: [revision] } : {}),
  ...(scenarios ? { scenarios } : {}),
  ...(areas ? { areas } : {}),
  timeoutMs: 3000,
});
const stdio = (defect: string, selection: Selection) => runServer({ target: { command: `node ${STDIO} --defect ${defect}` }, ...select(selection) });
const http = (defect: string, selection: Selection) =>
  runServer({ target: { command: `node ${HTTP} --defect ${defect}`, portEnv: 'PORT' }, ...select(selection) });

/** "scenario @ revision: rule status" for every failed or warning check. */
function verdicts(run: { report?: Report }): string[] {
  return (run.report?.scenarios ?? []).flatMap((s) =>
    s.checks.filter((c) => c.status === 'failed' || c.status === 'warning').map((c) => `${s.id} @ ${s.revision}: ${c.rule} ${c.status}`),
  );
}

describe.concurrent('violations seen while probing are findings (exit 1), not an unreachable target (exit 3)', () => {
  const rows = [
    { defect: 'initialize-id-as-string', rule: 'jsonrpc.response.id-known' },
    { defect: 'initialize-pretty', rule: 'transport.stdio.newline-delimited' },
    { defect: 'initialize-latin1', rule: 'transport.messages.utf8' },
    { defect: 'initialize-unknown-version', rule: 'lifecycle.version.counter-offer' },
  ];
  for (const row of rows) {
    it(`${row.defect} → probe ${row.rule} failed`, { timeout: 130_000 }, async () => {
      const run = await stdio(row.defect, { revision: '2025-06-18', scenarios: ['lifecycle/initialize-result-shape'] });
      expect(run.code).toBe(1);
      expect(verdicts(run)).toContain(`probe @ 2025-06-18: ${row.rule} failed`);
    });
  }
});

describe.concurrent('an unanswered request fails jsonrpc.request.answered, whatever the scenario expected', () => {
  it('late-unknown-method → answered after the wait ran out: errored (raise --timeout), never a MUST failure', { timeout: 130_000 }, async () => {
    const run = await stdio('late-unknown-method', { revision: '2025-11-25', scenarios: ['jsonrpc/method-not-found'] });
    const cell = run.report?.scenarios.find((s) => s.id === 'jsonrpc/method-not-found');
    expect(cell?.status).toBe('errored');
    expect(verdicts(run)).toEqual([]);
    expect(cell?.checks.find((c) => c.rule === 'jsonrpc.request.answered')?.message).toMatch(/a slow target, not a silent one/);
  });

  it('silent-unknown-method → jsonrpc/method-not-found fails with the MUST rule, exit 1', { timeout: 130_000 }, async () => {
    const run = await stdio('silent-unknown-method', { revision: '2025-11-25', scenarios: ['jsonrpc/method-not-found'] });
    expect(run.code).toBe(1);
    expect(verdicts(run)).toContain('jsonrpc/method-not-found @ 2025-11-25: jsonrpc.request.answered failed');
  });

  // A scenario gives its long bound only to the waits on a task's work (`within` on tasks/result):
  // a request that needs no work, left unanswered, is judged after the run's --timeout, not after
  // the 20 s the task may take (server-everything over stdio held the run 15 s longer that way).
  it('task-meta-unanswered → a tasks/get never answered fails after --timeout, while tasks/result keeps its own bound', { timeout: 130_000 }, async () => {
    const run = await runServer({
      target: { command: `node ${STDIO} --defect task-meta-unanswered` },
      revisions: ['2025-11-25'],
      scenarios: ['tasks/tool-call-lifecycle'],
      timeoutMs: 1000,
    });
    expect(verdicts(run)).toContain('tasks/tool-call-lifecycle @ 2025-11-25: jsonrpc.request.answered failed');
    const checks = run.report.scenarios.find((s) => s.id === 'tasks/tool-call-lifecycle')?.checks ?? [];
    expect(checks.find((c) => c.rule === 'jsonrpc.request.answered')?.message).toMatch(/`tasks\/get` within 1000 ms/);
    // The task's result and the rest of the scenario are still judged.
    expect(checks.filter((c) => c.rule === 'tasks.result.final').map((c) => c.status)).toEqual(['passed', 'passed']);
  });

  // A scenario's bounds lengthen the waits that need it; a user who raised --timeout for a slow
  // target gets at least that in every wait, whatever figure the scenario or its step names.
  it('a scenario timeoutMs or step within below --timeout does not cut the wait short', { timeout: 130_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-conform-bounds-'));
    try {
      const file = join(dir, 'short-bounds.yaml');
      writeFileSync(
        file,
        [
          'id: jsonrpc/local-short-bounds',
          'title: Unknown methods asked for with bounds below the run bound',
          'area: jsonrpc',
          'role: server',
          'rules: [jsonrpc.error.method-not-found]',
          'timeoutMs: 100',
          'steps:',
          '  - request: mcp-conform/no-such-method',
          '    as: first',
          '  - expect: first',
          '    error: { code: -32601 }',
          '  - request: mcp-conform/no-such-method-either',
          '    as: second',
          '  - expect: second',
          '    within: 200',
          '    error: { code: -32601 }',
          '',
        ].join('\n'),
      );
      const run = await runServer({
        target: { command: `node ${STDIO} --defect silent-unknown-method` },
        revisions: ['2025-11-25'],
        scenarioFiles: [file],
        timeoutMs: 1500,
      });
      const messages = run.report.scenarios.flatMap((s) => s.checks.filter((c) => c.rule === 'jsonrpc.request.answered').map((c) => c.message ?? ''));
      expect(messages).toHaveLength(2);
      for (const message of messages) expect(message).toMatch(/within 1500 ms/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a task that outlasts --timeout is still awaited by tasks/result (the clean server, whose `slow` task takes 1.5 s)', { timeout: 130_000 }, async () => {
    const run = await runServer({
      target: { command: `node ${STDIO}` },
      revisions: ['2025-11-25'],
      scenarios: ['tasks/tool-call-lifecycle', 'tasks/cancel-working'],
      timeoutMs: 1000,
    });
    expect(run.report.scenarios.map((s) => `${s.id} ${s.status}`)).toEqual(['tasks/cancel-working passed', 'tasks/tool-call-lifecycle passed']);
    expect(run.code).toBe(0);
  });
});

describe.concurrent('HTTP answers are kept and judged by what they are', () => {
  it('a 202 with the body `null` fails transport.http.input-accepted-202', { timeout: 130_000 }, async () => {
    const run = await http('notification-202-null', { revision: '2025-06-18', scenarios: ['http/notification-accepted'] });
    expect(run.code).toBe(1);
    expect(verdicts(run)).toContain('http/notification-accepted @ 2025-06-18: transport.http.input-accepted-202 failed');
  });

  it('a 400 with an error without id refusing a 2026-07-28 notification is allowed, not "answered"', { timeout: 130_000 }, async () => {
    const run = await http('notification-400-no-id', {
      revision: '2026-07-28',
      scenarios: ['http/notification-accepted', 'jsonrpc/notification-not-answered'],
    });
    expect(verdicts(run)).toEqual([]);
    expect(run.report?.scenarios.map((s) => `${s.id} ${s.status}`).sort()).toEqual([
      'http/notification-accepted passed',
      'jsonrpc/notification-not-answered passed',
    ]);
    expect(run.code).toBe(0);
  });

  it('no HTTP scenario sends MCP-Protocol-Version at 2025-03-26, so a server refusing that header passes', { timeout: 130_000 }, async () => {
    const run = await http('refuses-version-header-2025-03-26', { revision: '2025-03-26', areas: ['http'] });
    expect(verdicts(run)).toEqual([]);
    expect(run.code).toBe(0);
    const passed = (run.report?.scenarios ?? []).filter((s) => s.status === 'passed').map((s) => s.id);
    expect(passed).toEqual(expect.arrayContaining(['http/get-stream', 'http/session-lifecycle']));
  });

  it('a nameless tools/call refused with -32020 at 2026-07-28 over HTTP (its Mcp-Name header is missing) is accepted', { timeout: 130_000 }, async () => {
    const run = await http('nameless-call-32020', { revision: '2026-07-28', scenarios: ['jsonrpc/invalid-params'] });
    expect(verdicts(run)).toEqual([]);
    expect(run.report?.scenarios.map((s) => `${s.id} ${s.status}`)).toEqual(['jsonrpc/invalid-params passed']);
  });

  it('a body that is not JSON refused with 400 text/html and no JSON-RPC error is a refusal over HTTP, not a missing parse error', {
    timeout: 130_000,
  }, async () => {
    // Transports: "it MUST return an HTTP error status code (e.g., 400 Bad Request). The HTTP
    // response body MAY comprise a JSON-RPC error response": the -32700 is not owed there.
    const run = await http('parse-error-400-html', { revision: '2025-06-18', scenarios: ['jsonrpc/parse-error', 'http/invalid-body'] });
    expect(verdicts(run)).toEqual([]);
    const cells = run.report?.scenarios.map((s) => `${s.id} ${s.status}`).sort();
    expect(cells).toEqual(['http/invalid-body passed', 'jsonrpc/parse-error skipped']);
    const skip = run.report?.scenarios.find((s) => s.id === 'jsonrpc/parse-error')?.checks.find((c) => c.rule === 'jsonrpc.error.parse-error');
    expect(skip?.message).toMatch(/HTTP 400 text\/html, with no JSON-RPC error in the body/);
  });

  it('a server that refuses a malformed 2026-07-28 request before it looks at the Origin is judged on a well-formed one', { timeout: 130_000 }, async () => {
    // The Origin check's request must be one the revision defines (no ping, _meta required);
    // otherwise the 400 that such a server owes it would be read as the wrong answer to the Origin.
    const run = await http('malformed-before-origin', { revision: '2026-07-28', scenarios: ['http/origin-rejected'] });
    expect(verdicts(run)).toEqual([]);
    expect(run.report?.scenarios.map((s) => `${s.id} ${s.status}`)).toEqual(['http/origin-rejected passed']);
  });

  it('a session id with a control character is a finding, not a silent loss of the stateful revisions', { timeout: 130_000 }, async () => {
    const run = await http('session-id-control-char', { scenarios: ['http/notification-accepted'] });
    expect(run.code).toBe(1);
    expect(verdicts(run)).toContain('probe @ 2025-06-18: transport.http.session-id-visible-ascii failed');
  });

  it('a body that is not UTF-8 fails transport.messages.utf8', { timeout: 130_000 }, async () => {
    const run = await http('invalid-utf8-body', { revision: '2025-06-18', scenarios: ['ping/answers-empty-result'] });
    expect(verdicts(run)).toContain('ping/answers-empty-result @ 2025-06-18: transport.messages.utf8 failed');
  });
});

describe.concurrent('a URL that is not an MCP endpoint is named for what it answered, at once', () => {
  for (const [defect, status, hint] of [
    ['not-mcp-404', 'HTTP 404 text/html', 'is the path right'],
    ['not-mcp-html', 'HTTP 200 text/html', 'does not look like an MCP endpoint'],
  ] as const) {
    it(`${defect} → exit 3 naming ${status}`, { timeout: 130_000 }, async () => {
      const started = Date.now();
      const run = await runCli(['--server', `node ${HTTP} --defect ${defect}`, '--port-env', 'PORT', '--timeout', '20000'], { timeoutMs: 120_000 });
      expect(run.code).toBe(3);
      expect(run.stderr + run.stdout).toContain(status);
      expect(run.stderr + run.stdout).toContain(hint);
      expect(run.stderr + run.stdout).not.toMatch(/within 20000 ms|non-JSON on stdout/);
      // Far below one timeout: the complete non-MCP answer ends the wait.
      expect(Date.now() - started).toBeLessThan(20_000);
    });
  }
});

describe.concurrent('a missing --cwd is named as such', () => {
  it('exits 2 naming the folder, not "node was not found"', { timeout: 60_000 }, async () => {
    const run = await runCli(['--server', `node ${STDIO}`, '--cwd', 'no-such-folder-for-mcp-conform'], { timeoutMs: 50_000 });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--cwd no-such-folder-for-mcp-conform: no such folder');
    expect(run.stderr).not.toContain('was not found; check the command');
  });
});
