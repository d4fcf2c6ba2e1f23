// The server suites against real stdio servers built with the official SDKs (1.x and 2.x; fixtures
// in test/fixtures/targets, nothing planted). Their findings are pinned, so a change on either
// side shows: each entry below is a real deviation of the SDK from the rule it names (the README
// section "What the suites find in real servers" explains them). Two revisions per server keep it
// quick; the long timeout keeps a loaded CI machine from turning slow start-ups into errors.
import { describe, expect, it } from 'vitest';
import type { Revision } from '../../schema/revisions.js';
import { fixtureCommand } from './fixture-command.js';
import { findings } from './run-cli.js';
import { runServer } from './run-in-process.js';

/** A run in this process (run-in-process.ts). */
const run = (server: string, revisions: Revision[]) => runServer({ target: { command: server }, revisions, concurrency: 4, timeoutMs: 8000 });

// What both SDK lines do the same way.
const bothLines = (revision: string) => [
  // Unparseable input and a malformed request object on stdio get no answer at all.
  `jsonrpc/invalid-request @ ${revision}: jsonrpc.error.invalid-request warning`,
  `jsonrpc/parse-error @ ${revision}: jsonrpc.error.parse-error warning`,
  // Lists ignore a cursor they never issued and answer the first page.
  `pagination/prompts-invalid-cursor @ ${revision}: pagination.cursor.invalid-error warning`,
  `pagination/resources-invalid-cursor @ ${revision}: pagination.cursor.invalid-error warning`,
  `pagination/tools-invalid-cursor @ ${revision}: pagination.cursor.invalid-error warning`,
];

// The 1.x server runs as written (the README quotes these findings with its command); the 2.x
// runs, with a process per unit of cells, start its bundled copy (fixture-command.ts: the same
// code in one file, about 0.05 s less CPU per start).
describe('server suites versus real SDK servers over stdio', () => {
  it('@modelcontextprotocol/sdk 1.x: finds exactly the known deviations', { timeout: 300_000 }, async () => {
    const { report } = await run('node test/fixtures/targets/sdk-stdio-server.mjs', ['2025-03-26', '2025-11-25']);
    expect(report.target.acceptedRevisions).toEqual(['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25']);
    const perRevision = (revision: string) => [
      ...bothLines(revision),
      // A tools/call without a name is an internal error (-32603), not invalid params.
      `jsonrpc/invalid-params @ ${revision}: jsonrpc.error.invalid-params warning`,
      `logging/invalid-level @ ${revision}: logging.level.invalid-error warning`,
      `resources/read-unknown-uri @ ${revision}: resources.read.not-found-code warning`,
      // An unknown tool comes back as an isError result instead of a protocol error.
      `tools/call-unknown-tool @ ${revision}: tools.call.unknown-tool-protocol-error warning`,
    ];
    expect(findings(report)).toEqual(
      [
        'jsonrpc/batch-received @ 2025-03-26: jsonrpc.batch.receive failed',
        ...perRevision('2025-03-26'),
        ...perRevision('2025-11-25'),
        // It declares no tasks, yet refuses a tools/call that carries `task` with -32603 instead of ignoring it.
        'tasks/undeclared-task-ignored @ 2025-11-25: tasks.undeclared.processed-normally failed',
      ].sort(),
    );
  });

  it('@modelcontextprotocol/server 2.x (dual-era): finds exactly the known deviations', { timeout: 300_000 }, async () => {
    const { report } = await run(fixtureCommand('test/fixtures/targets/sdk2-stdio-server.mjs'), ['2025-11-25', '2026-07-28']);
    expect(report.target.acceptedRevisions).toEqual(['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28']);
    expect(findings(report)).toEqual(
      [
        ...bothLines('2025-11-25'),
        ...bothLines('2026-07-28'),
        'logging/invalid-level @ 2025-11-25: logging.level.invalid-error warning',
        'resources/read-unknown-uri @ 2025-11-25: resources.read.not-found-code warning',
        // Discovery and the -32022 error list only 2026-07-28, though initialize serves the rest.
        'negotiation/discover-result @ 2026-07-28: negotiation.discover.versions-complete warning',
        'negotiation/unsupported-version @ 2026-07-28: negotiation.version.unsupported-lists-all warning',
      ].sort(),
    );
  });

  it('@modelcontextprotocol/server 2.x (legacy: reject): finds exactly the known deviations', { timeout: 300_000 }, async () => {
    const { report } = await run(fixtureCommand('test/fixtures/targets/sdk2-stdio-server.mjs', '--modern-only'), ['2026-07-28']);
    expect(report.target.acceptedRevisions).toEqual(['2026-07-28']);
    // The refusal of initialize names the supported versions, as the versioning page asks.
    expect(report.scenarios.find((s) => s.id === 'negotiation/modern-only-initialize-error')?.status).toBe('passed');
    expect(findings(report)).toEqual(
      [
        ...bothLines('2026-07-28'),
        // A request with no protocol version is answered -32022 (without the `requested` member
        // the schema requires) instead of -32602 for a malformed request.
        'negotiation/missing-meta @ 2026-07-28: negotiation.meta.required-fields failed',
        'negotiation/missing-meta @ 2026-07-28: schema.message.valid failed',
        'negotiation/missing-protocol-version @ 2026-07-28: negotiation.meta.required-fields failed',
        'negotiation/missing-protocol-version @ 2026-07-28: schema.message.valid failed',
      ].sort(),
    );
  });
});
