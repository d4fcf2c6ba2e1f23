// Proves the vitest adapter the way an SDK author meets it: a scratch project (made here, in a
// temp dir) imports `mcp-conform/vitest` by name and runs vitest on two targets — the reference
// server in memory and the mini-server with one planted defect — then the JSON report of that
// vitest run is read: one test per cell, skips with reasons, the four blocks in the failure, and a
// baseline entry turned into an expected failure.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURE = join(ROOT, 'test', 'fixtures', 'targets', 'mini-server.mjs');
const scratch = mkdtempSync(join(tmpdir(), 'mcpc-vitest-adapter-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface AssertionResult {
  title: string;
  ancestorTitles: string[];
  status: string;
  failureMessages: string[];
}
interface JsonReport {
  testResults: { assertionResults: AssertionResult[] }[];
}

const CONFORMANCE_TEST = `
import { describeConformance } from 'mcp-conform/vitest';
import { createReferenceServer } from 'mcp-conform/mocks';

await describeConformance('reference server', {
  target: { server: createReferenceServer() },
  scenarios: ['ping/', 'lifecycle/initialize-result-shape'],
  revisions: ['2025-06-18', '2026-07-28'],
});

await describeConformance('server without serverInfo', {
  target: { command: ${JSON.stringify(`"${process.execPath}" "${FIXTURE}" --defect no-server-info`)} },
  scenarios: ['lifecycle/initialize-result-shape'],
  revisions: ['2025-06-18'],
  timeoutMs: 3000,
});

await describeConformance('server without serverInfo, with a baseline', {
  target: { command: ${JSON.stringify(`"${process.execPath}" "${FIXTURE}" --defect no-server-info`)} },
  scenarios: ['lifecycle/initialize-result-shape'],
  revisions: ['2025-06-18'],
  timeoutMs: 3000,
  baseline: 'baseline.yaml',
});

// Misbehaves only the first time in the run: the cell fails, passes when re-run alone, and is flaky.
await describeConformance('server that misbehaves once', {
  target: {
    command: ${JSON.stringify(`"${process.execPath}" "${FIXTURE}" --defect unknown-method-result-once`)},
    env: { MINI_SERVER_ONCE_FILE: ${JSON.stringify(join(scratch, 'once-marker'))} },
  },
  scenarios: ['jsonrpc/method-not-found'],
  revisions: ['2026-07-28'],
});
`;

const BASELINE = ['- scenario: lifecycle/initialize-result-shape', '  revision: 2025-06-18', '  reason: serverInfo comes in the next release', ''].join('\n');

let report: JsonReport;
let exitCode: number | null;

beforeAll(async () => {
  mkdirSync(join(scratch, 'node_modules'));
  // The package as a dependency, by name, and the same vitest that runs this test.
  symlinkSync(ROOT, join(scratch, 'node_modules', 'mcp-conform'), 'dir');
  symlinkSync(join(ROOT, 'node_modules', 'vitest'), join(scratch, 'node_modules', 'vitest'), 'dir');
  writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'scratch', private: true, type: 'module' }));
  writeFileSync(join(scratch, 'vitest.config.mjs'), "export default { test: { include: ['conformance.test.ts'], testTimeout: 60000 } };\n");
  writeFileSync(join(scratch, 'conformance.test.ts'), CONFORMANCE_TEST);
  writeFileSync(join(scratch, 'baseline.yaml'), BASELINE);
  const vitest = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
  exitCode = await new Promise<number | null>((resolve) => {
    execFile(process.execPath, [vitest, 'run', '--reporter=json', '--outputFile=report.json'], { cwd: scratch, timeout: 240_000 }, (error) =>
      resolve(error ? ((error as { code?: number }).code ?? null) : 0),
    );
  });
  report = JSON.parse(readFileSync(join(scratch, 'report.json'), 'utf8')) as JsonReport;
}, 260_000);

function testsOf(group: string): AssertionResult[] {
  return report.testResults.flatMap((f) => f.assertionResults).filter((a) => a.ancestorTitles.join(' > ') === group);
}

describe('the vitest adapter in a scratch project', () => {
  it('declares one passing test per cell of the reference server, and skips cells out of range', () => {
    const tests = testsOf('reference server');
    const byTitle = new Map(tests.map((t) => [t.title, t.status]));
    expect(byTitle.get('ping/answers-empty-result @ 2025-06-18 [in-memory]')).toBe('passed');
    expect(byTitle.get('lifecycle/initialize-result-shape @ 2025-06-18 [in-memory]')).toBe('passed');
    // ping/answers-empty-result covers revisions before 2026-07-28: its cell there is a skipped test.
    expect(byTitle.get('ping/answers-empty-result @ 2026-07-28 [in-memory]')).toBe('skipped');
    expect(tests.filter((t) => t.status === 'failed')).toEqual([]);
  });

  it("fails the broken server's cell with the four blocks of the console report", () => {
    const [cell, ...others] = testsOf('server without serverInfo');
    expect(others).toEqual([]);
    expect(cell?.title).toBe('lifecycle/initialize-result-shape @ 2025-06-18 [stdio]');
    expect(cell?.status).toBe('failed');
    const message = cell!.failureMessages.join('\n');
    expect(message).toContain('lifecycle.initialize.result-contents'); // (a) the rule
    expect(message).toMatch(/expected/i); // (b) expected vs actual
    expect(message).toContain('→'); // (c) the exchange, messages sent
    expect(message).toContain('npx mcp-conform --server'); // (d) the reproduce command
    expect(message).toContain('--scenario lifecycle/initialize-result-shape --revision 2025-06-18');
  });

  it('names a flaky cell in its test title and lets it pass (failOnFlaky would fail it)', () => {
    const tests = testsOf('server that misbehaves once');
    expect(tests.map((t) => [t.title, t.status])).toEqual([['jsonrpc/method-not-found @ 2026-07-28 [stdio] (flaky)', 'passed']]);
  });

  it('turns a baseline entry into an expected failure, and the run fails only for the unlisted one', () => {
    const [cell] = testsOf('server without serverInfo, with a baseline');
    expect(cell?.title).toBe('lifecycle/initialize-result-shape @ 2025-06-18 [stdio]');
    expect(cell?.status).toBe('passed');
    expect(exitCode).toBe(1);
  });
});
