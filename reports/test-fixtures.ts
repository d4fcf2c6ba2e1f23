// A hand-built RunResult shared by every reporter test, plus helpers to replay it through a
// reporter's hooks and capture what it writes. Durations and timestamps are fixed for snapshots.
import { Writable } from 'node:stream';
import {
  scenarioStatus,
  summarise,
  type CheckResult,
  type Reporter,
  type RuleRef,
  type RunHeader,
  type RunResult,
  type ScenarioResult,
  type TranscriptEntry,
} from '../wire/results/index.js';

const SPEC = 'https://modelcontextprotocol.io/specification';

const RULES = {
  ping: {
    id: 'lifecycle.ping.empty-result',
    level: 'MUST',
    section: 'Utilities / Ping',
    url: `${SPEC}/2025-06-18/basic/utilities/ping`,
    summary: 'The receiver of a ping answers promptly with an empty result.',
  },
  versionEcho: {
    id: 'lifecycle.initialize.version-echo',
    level: 'MUST',
    section: 'Lifecycle / Version negotiation',
    url: `${SPEC}/2025-06-18/basic/lifecycle#version-negotiation`,
    summary: 'When the server supports the requested protocol version it answers with that same version.',
  },
  schemaValid: {
    id: 'jsonrpc.message.schema-valid',
    level: 'MUST',
    section: 'Base protocol / Messages',
    url: `${SPEC}/2025-06-18/basic#messages`,
    summary: 'Every message the server sends is valid against the schema of the negotiated revision.',
  },
  instructions: {
    id: 'lifecycle.initialize.instructions',
    level: 'MAY',
    section: 'Lifecycle / Initialization',
    url: `${SPEC}/2025-06-18/basic/lifecycle#initialization`,
    summary: 'The server may describe how to use it in the instructions field of its initialize result.',
  },
  invalidArguments: {
    id: 'tools.call.invalid-arguments-reported',
    level: 'SHOULD',
    section: 'Server features / Tools / Error handling',
    url: `${SPEC}/2025-11-25/server/tools#error-handling`,
    summary: 'A call whose arguments break the input schema is reported as an error, not run.',
  },
  everyRequestAnswered: {
    id: 'jsonrpc.response.every-request-answered',
    level: 'MUST',
    section: 'Base protocol / Responses',
    url: `${SPEC}/2025-11-25/basic#responses`,
    summary: 'Every request receives exactly one response carrying its id.',
  },
} satisfies Record<string, RuleRef>;

const REPRO = 'npx mcp-conform --server "node build/server.js"';

function t(entries: [number, TranscriptEntry['dir'], string][]): TranscriptEntry[] {
  return entries.map(([ms, dir, text], i) => ({ seq: i + 1, t: ms, dir, text }));
}

const INITIALIZE =
  '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"mcp-conform","version":"0.1.0"},"_meta":{"note":"this line is deliberately long so that renderers have to cut it with an ellipsis"}}}';

function cell(partial: Partial<ScenarioResult> & Pick<ScenarioResult, 'id' | 'title' | 'revision' | 'durationMs'>): ScenarioResult {
  const area = partial.id.split('/')[0]!;
  const checks = partial.checks ?? [];
  return {
    area,
    transport: 'stdio',
    status: partial.status ?? scenarioStatus(checks, false),
    checks,
    transcript: [],
    stderr: [],
    repro: `${REPRO} --scenario ${partial.id} --revision ${partial.revision}`,
    tags: [],
    ...partial,
  };
}

function passed(id: string, rule: RuleRef, message: string, evidence?: number[]): CheckResult {
  return { id, rule, status: 'passed', message, ...(evidence ? { evidence } : {}) };
}

const PING_TRANSCRIPT = t([
  [0, 'send', '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18"}}'],
  [4, 'recv', '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{}}}'],
  [5, 'send', '{"jsonrpc":"2.0","method":"notifications/initialized"}'],
  [6, 'send', '{"jsonrpc":"2.0","id":2,"method":"ping"}'],
  [9, 'recv', '{"jsonrpc":"2.0","id":2,"result":{}}'],
]);

export const CELLS: readonly ScenarioResult[] = [
  cell({
    id: 'lifecycle/ping',
    title: 'Ping is answered with an empty result',
    revision: '2025-06-18',
    durationMs: 12,
    tags: ['core'],
    transcript: PING_TRANSCRIPT,
    checks: [
      passed('lifecycle/ping#1', RULES.ping, 'ping (id 2) was answered with an empty result after 3ms', [4, 5]),
      { id: 'lifecycle/ping#info', rule: RULES.instructions, status: 'info', message: 'the initialize result carries no instructions' },
    ],
  }),
  cell({
    id: 'lifecycle/initialize-echoes-version',
    title: 'Initialize answers with the requested protocol version',
    revision: '2025-06-18',
    durationMs: 48,
    tags: ['core', 'handshake'],
    transcript: t([
      [0, 'send', INITIALIZE],
      [
        7,
        'recv',
        '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2024-01-01","capabilities":{"tools":{}},"serverInfo":{"name":"demo-server","version":"1.4.0"}}}',
      ],
      [8, 'send', '{"jsonrpc":"2.0","method":"notifications/initialized"}'],
      [9, 'send', '{"jsonrpc":"2.0","id":2,"method":"tools/list"}'],
      [13, 'recv', '{"jsonrpc":"2.0","id":2,"result":{"tools":[]}}'],
      [14, 'send', '{"jsonrpc":"2.0","id":3,"method":"prompts/list"}'],
      [16, 'recv', '{"jsonrpc":"2.0","id":3,"result":{"prompts":[]}}'],
      [17, 'stderr', '\u001b[33m[demo] handled 3 requests\u001b[0m'],
      [20, 'send', '{"jsonrpc":"2.0","id":4,"method":"ping"}'],
      [22, 'recv', '{"jsonrpc":"2.0","id":4,"result":{"ok":true,"\u0007bell":1}}'],
      [30, 'note', 'closed stdin; the target exited with code 0 after 8ms'],
    ]),
    checks: [
      {
        id: 'lifecycle/initialize-echoes-version#1',
        rule: RULES.versionEcho,
        status: 'failed',
        message: 'the server answered initialize with protocolVersion "2024-01-01" instead of the requested "2025-06-18"',
        expected: '"2025-06-18"',
        actual: '"2024-01-01"',
        pointer: '/result/protocolVersion',
        evidence: [1, 2],
        hints: [
          'A server that supports the requested version answers with it; only propose another version when it does not support the requested one.',
          'Check that the version is not hard-coded in the initialize handler.',
        ],
      },
      {
        id: 'always/schema-valid#10',
        rule: RULES.schemaValid,
        status: 'failed',
        message: 'the response to ping (id 4) is not a valid EmptyResult: unexpected property "ok"',
        expected: 'an empty object, or an object with only _meta',
        actual: '{"ok":true,"\u0007bell":1}',
        pointer: '/result/ok',
        evidence: [10],
      },
      passed('always/stdout-is-json-rpc', RULES.schemaValid, 'every line on stdout was a JSON-RPC message'),
    ],
  }),
  cell({
    id: 'lifecycle/initialize-echoes-version',
    title: 'Initialize answers with the requested protocol version',
    revision: '2025-11-25',
    durationMs: 30,
    tags: ['core', 'handshake'],
    transcript: PING_TRANSCRIPT.slice(0, 3),
    checks: [passed('lifecycle/initialize-echoes-version#1', RULES.versionEcho, 'the server echoed protocolVersion "2025-11-25"', [1, 2])],
  }),
  cell({
    id: 'lifecycle/ping',
    title: 'Ping is answered with an empty result',
    revision: '2025-11-25',
    transport: 'http',
    durationMs: 9,
    tags: ['core'],
    repro: `npx mcp-conform --url http://127.0.0.1:8080/mcp --scenario lifecycle/ping --revision 2025-11-25`,
    transcript: PING_TRANSCRIPT,
    checks: [passed('lifecycle/ping#1', RULES.ping, 'ping (id 2) was answered with an empty result after 3ms', [4, 5])],
  }),
  cell({
    id: 'lifecycle/discover-stateless',
    title: 'Discovery works without a session',
    revision: '2025-11-25',
    durationMs: 0,
    status: 'skipped',
    skipReason: 'revision 2025-11-25 is outside the scenario range >=2026-07-28',
  }),
  cell({
    id: 'tools/call-invalid-arguments',
    title: 'A call with invalid arguments is reported as an error',
    revision: '2025-06-18',
    durationMs: 25,
    tags: ['tools'],
    transcript: t([
      [0, 'send', '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18"}}'],
      [3, 'recv', '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}}}}'],
      [4, 'send', '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{}}}'],
      [11, 'recv', '{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"<ok & done>"}]}}'],
    ]),
    checks: [
      {
        id: 'tools/call-invalid-arguments#1',
        rule: RULES.invalidArguments,
        status: 'warning',
        message: 'tools/call "echo" without its required argument "text" returned a success result',
        expected: 'one of:\n  a JSON-RPC error with code -32602\n  a result with isError: true',
        actual: '{"content":[{"type":"text","text":"<ok & done>"}]}',
        pointer: '/result',
        evidence: [3, 4],
        hints: ["Validate arguments against the tool's inputSchema before running it."],
      },
    ],
  }),
  cell({
    id: 'tools/list-pagination',
    title: 'Tool listing pages with an opaque cursor',
    revision: '2025-06-18',
    durationMs: 0,
    status: 'skipped',
    skipReason: 'the target lists all its tools in one page',
  }),
  cell({
    id: 'tools/list-pagination',
    title: 'Tool listing pages with an opaque cursor',
    revision: '2025-11-25',
    durationMs: 0,
    status: 'skipped',
    skipReason: 'the target lists all its tools in one page',
  }),
  cell({
    id: 'tools/call-echo',
    title: 'A tool call returns content',
    revision: '2025-11-25',
    durationMs: 1003,
    errorReason: 'the target exited with code 1 before answering tools/call (id 2)',
    transcript: t([
      [0, 'send', '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25"}}'],
      [3, 'recv', '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}}}}'],
      [4, 'send', '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hi"}}}'],
      [9, 'stderr', "TypeError: Cannot read properties of undefined (reading 'text')"],
      [12, 'note', 'the target exited with code 1'],
    ]),
    stderr: [
      'demo-server 1.4.0 listening on stdio',
      'debug: tools/call echo',
      'debug: <arguments> & "quotes" ]]> \u0001\u001b[2J',
      "TypeError: Cannot read properties of undefined (reading 'text')",
      '    at echo (file:///srv/demo/tools.js:14:22)',
      '    at handleCall (file:///srv/demo/server.js:88:9)',
      '    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)',
      '    at async Server.dispatch (file:///srv/demo/server.js:40:3)',
      '    at async Stdio.onLine (file:///srv/demo/stdio.js:21:7)',
      '    at async Interface.<anonymous> (file:///srv/demo/stdio.js:12:5)',
      '    at async Interface.emit (node:events:519:28)',
      'Node.js v20.19.0',
    ],
    checks: [
      {
        id: 'tools/call-echo#1',
        rule: RULES.everyRequestAnswered,
        status: 'errored',
        message: 'no response to id 2 `tools/call`: the target exited with code 1',
        expected: 'a response with id 2',
        actual: 'the process exited with code 1 after 12ms',
        evidence: [3, 5],
        hints: ['The target crashed while handling the call; its stderr above shows where.'],
      },
    ],
  }),
];

const RUN_DURATION_MS = 1234;

const HEADER: RunHeader = {
  tool: { name: 'mcp-conform', version: '0.1.0' },
  target: {
    kind: 'stdio',
    command: 'node build/server.js',
    serverInfo: { name: 'demo-server', version: '1.4.0' },
    acceptedRevisions: ['2025-06-18', '2025-11-25'],
  },
  revisions: ['2025-06-18', '2025-11-25'],
  startedAt: '2025-07-01T10:00:00.000Z',
  strict: false,
  seed: 1,
  planned: CELLS.length,
};

/** The main fixture: passed, failed (MUST), warning (SHOULD), skipped (two reasons), errored with
 * stderr, an http cell, across two revisions and two areas. */
export function fixtureRun(): RunResult {
  const scenarios = structuredClone(CELLS) as ScenarioResult[];
  return { ...structuredClone(HEADER), summary: summarise(scenarios, RUN_DURATION_MS), scenarios, endReason: 'failed' };
}

/** The same run under --strict: the warning fails its cell. */
export function strictRun(): RunResult {
  const run = fixtureRun();
  const scenarios = run.scenarios.map((s) => (s.status === 'skipped' ? s : { ...s, status: scenarioStatus(s.checks, true) }));
  return { ...run, strict: true, scenarios, summary: summarise(scenarios, RUN_DURATION_MS) };
}

/** Interrupted after the fifth cell. */
export function interruptedRun(): RunResult {
  const run = fixtureRun();
  const scenarios = run.scenarios.slice(0, 5);
  return { ...run, scenarios, summary: summarise(scenarios, 700), endReason: 'interrupted' };
}

/** The target never answered: nothing was planned. */
export function unavailableRun(): RunResult {
  return {
    ...structuredClone(HEADER),
    target: { kind: 'stdio', command: 'node build/server.js', acceptedRevisions: [] },
    revisions: [],
    planned: 0,
    summary: summarise([], 5012),
    scenarios: [],
    endReason: 'target-unavailable',
    fatal: 'Failed to reach the target: it could not be started or never answered.\n  2025-06-18: no response to initialize within 5000 ms',
  };
}

/** An all-green run, for the quiet path of every reporter. */
export function greenRun(): RunResult {
  const scenarios = (structuredClone(CELLS) as ScenarioResult[]).filter((s) => s.status === 'passed' && s.checks.every((c) => c.status !== 'warning'));
  return { ...structuredClone(HEADER), planned: scenarios.length, summary: summarise(scenarios, 100), scenarios, endReason: 'passed' };
}

/** The green run followed by a fuzz that broke a MUST (shrunk, saved) and a SHOULD (collected). */
export function fuzzRun(): RunResult {
  const run = greenRun();
  const rule = (id: string, level: 'MUST' | 'SHOULD', summary: string) => ({
    id,
    level,
    section: 'Transports / Streamable HTTP',
    url: `${SPEC}/2025-06-18/basic/transports`,
    summary,
  });
  return {
    ...run,
    fuzzPlanned: true,
    endReason: 'failed',
    fuzz: {
      seed: 7,
      revision: '2025-06-18',
      runs: 10000,
      cases: 85,
      durationMs: 4100,
      casesPerSecond: 20,
      interrupted: false,
      status: 'failed',
      replay: 'npx mcp-conform fuzz --url http://127.0.0.1:3000/mcp --revision 2025-06-18 --seed 7 --runs 10000',
      failure: {
        input: 'a request with Content-Type: text/plain',
        violations: [
          {
            rule: rule('transport.http.unaccepted-input-error-status', 'MUST', 'A POST body the server cannot accept is answered with a 4xx status.'),
            property: 'no-server-error',
            detail: 'answered 500 (a server error), expected a 2xx answer or a 4xx refusal',
          },
        ],
        reproducible: true,
        path: '84:0',
        shrinks: 1,
        counterexample: 'mcp-conform-counterexamples/fuzz-seed-7.yaml',
        reproduce: 'npx mcp-conform --url http://127.0.0.1:3000/mcp --scenario-file mcp-conform-counterexamples/fuzz-seed-7.yaml --revision 2025-06-18',
        transcript: [{ seq: 1, t: 0, dir: 'note', text: 'HTTP POST /mcp → 500 [post-4]' }],
      },
      warnings: [
        {
          rule: rule('transport.http.session-required-400', 'SHOULD', 'A request without Mcp-Session-Id gets 400.'),
          property: 'client-error-status',
          detail: 'answered 200, expected 400',
          input: 'a request without Mcp-Session-Id',
          count: 3,
        },
      ],
    },
  };
}

/** The main fixture measured against a baseline: the failed MUST cell is expected (its entry's reason),
 * the errored cell is new, one entry is stale (its cell ran and passed) and one names a cell this run
 * did not exercise. */
export function baselineRun(): RunResult {
  const run = fixtureRun();
  const scenarios = run.scenarios.map((c): ScenarioResult => {
    if (c.status === 'failed') return { ...c, baseline: { status: 'expected', reason: 'the server echoes its own latest revision (issue #42)' } };
    if (c.status === 'errored') return { ...c, baseline: { status: 'new' } };
    return c;
  });
  return {
    ...run,
    scenarios,
    baseline: {
      file: 'mcp-baseline.yaml',
      expected: [
        {
          id: 'lifecycle/initialize-echoes-version',
          revision: '2025-06-18',
          transport: 'stdio',
          reason: 'the server echoes its own latest revision (issue #42)',
        },
      ],
      unexpected: [{ id: 'tools/call-echo', revision: '2025-11-25', transport: 'stdio' }],
      stale: [{ scenario: 'lifecycle/ping', revision: '2025-11-25', rule: RULES.ping.id, reason: 'ping was slow before 1.4' }],
      notRun: [{ scenario: 'prompts/get-unknown', rule: 'prompts.get.unknown-name-error', reason: 'wrong error code (issue #7)' }],
      positional: [],
    },
  };
}

/** The main fixture with re-runs (--retries 1): the failed MUST cell passed when re-run alone (flaky,
 * with the re-run's exchange), the errored cell errored again (confirmed). */
export function flakyRun(failOnFlaky = false): RunResult {
  const run = fixtureRun();
  const scenarios = run.scenarios.map((c): ScenarioResult => {
    if (c.status === 'failed')
      return {
        ...c,
        status: 'flaky',
        rerun: {
          first: 'failed',
          attempts: [{ status: 'passed', durationMs: 31, checks: [], transcript: PING_TRANSCRIPT, stderr: [] }],
        },
      };
    if (c.status === 'errored')
      return { ...c, rerun: { first: 'errored', attempts: [{ status: 'errored', errorReason: c.errorReason ?? 'errored', durationMs: 40 }] } };
    return c;
  });
  return {
    ...run,
    retries: 1,
    ...(failOnFlaky ? { failOnFlaky: true } : {}),
    scenarios,
    summary: summarise(scenarios, RUN_DURATION_MS),
  };
}

/** One transport defect seen in five cells (messages differ only in numbers), next to a distinct
 * failure: what the summaries group as "one defect seen in N cells". */
export function repeatedRun(): RunResult {
  const base = fixtureRun();
  const defect = (n: number): CheckResult => ({
    id: 'always/http-no-body-202',
    rule: RULES.schemaValid,
    status: 'failed',
    message: `the 202 answer to notification #${n} carried the body \`null\`; a 202 has no body`,
    expected: 'HTTP 202 with an empty body',
    actual: 'HTTP 202 with the body `null`',
    evidence: [2],
  });
  const scenarios: ScenarioResult[] = ['lifecycle/ping', 'tools/list', 'tools/call-echo', 'prompts/list', 'resources/list'].map((id, i) =>
    cell({
      id,
      title: `${id} over HTTP`,
      revision: '2025-11-25',
      transport: 'http',
      durationMs: 20 + i,
      transcript: t([
        [0, 'send', '{"jsonrpc":"2.0","method":"notifications/initialized"}'],
        [3, 'note', `HTTP POST /mcp → 202 [post-${i + 2}]: null`],
      ]),
      checks: [
        defect(i + 2),
        ...(i === 1
          ? [
              {
                id: 'tools/list#2',
                rule: RULES.versionEcho,
                status: 'failed' as const,
                message: 'the result names protocolVersion 2024-11-05',
                expected: '2025-11-25',
                actual: '2024-11-05',
              },
            ]
          : []),
      ],
    }),
  );
  return { ...base, planned: scenarios.length, scenarios, summary: summarise(scenarios, 400) };
}

export function headerOf(run: RunResult): RunHeader {
  return {
    tool: run.tool,
    target: run.target,
    revisions: run.revisions,
    startedAt: run.startedAt,
    strict: run.strict,
    ...(run.seed !== undefined ? { seed: run.seed } : {}),
    planned: run.planned,
    ...(run.retries !== undefined ? { retries: run.retries } : {}),
    ...(run.failOnFlaky ? { failOnFlaky: true } : {}),
    ...(run.fuzzPlanned ? { fuzzPlanned: true } : {}),
    ...(run.baseline ? { baselineFile: run.baseline.file } : {}),
  };
}

/** Drives a reporter through a run's hooks in the order the engine calls them. */
export async function replay(reporter: Reporter, run: RunResult, options: { end?: boolean } = {}): Promise<void> {
  await reporter.onRunStart?.(headerOf(run));
  for (const [index, s] of run.scenarios.entries()) {
    await reporter.onScenarioStart?.({ id: s.id, revision: s.revision, transport: s.transport, index });
    await reporter.onScenarioEnd?.(s, { done: index + 1, planned: run.planned });
  }
  if (options.end !== false) await reporter.onRunEnd?.(run);
}

export interface MemoryStream extends Writable {
  text(): string;
  isTTY?: boolean;
  columns?: number;
}

/** A writable that keeps what it receives; optionally poses as a terminal of a given width. */
export function memoryStream(options: { isTTY?: boolean; columns?: number } = {}): MemoryStream {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      chunks.push(typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
      callback();
    },
  }) as MemoryStream;
  stream.text = () => chunks.join('');
  if (options.isTTY !== undefined) stream.isTTY = options.isTTY;
  if (options.columns !== undefined) stream.columns = options.columns;
  return stream;
}

/** Freezes a value deeply, so a reporter that mutates what it receives throws in tests. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Replays a run through the reporter a factory builds on a fresh memory stream; returns the text. */
export async function captureOutput(
  make: (stream: MemoryStream) => Reporter,
  run: RunResult,
  streamOptions: { isTTY?: boolean; columns?: number } = {},
): Promise<string> {
  const stream = memoryStream(streamOptions);
  await replay(make(stream), run);
  return stream.text();
}
