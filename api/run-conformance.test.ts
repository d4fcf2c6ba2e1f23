// The programmatic API end to end: a mock server in this process is tested without a process, a
// planted defect fails the exact rule, a baseline turns that failure into an accepted one, and
// options that cannot work are refused before anything starts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createReferenceServer } from '../mocks/reference/index.js';
import type { Reporter } from '../wire/results/index.js';
import { ConformanceOptionsError, ExitCode, runConformance } from './index.js';

const scratch = mkdtempSync(join(tmpdir(), 'mcpc-api-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The reference server with one defect: initialize results lose their serverInfo. */
function serverWithoutServerInfo() {
  const server = createReferenceServer();
  server.intercept({
    outgoing: (message) => {
      const m = message as { result?: { serverInfo?: unknown; protocolVersion?: unknown } };
      if (m.result && m.result.protocolVersion !== undefined && m.result.serverInfo !== undefined) {
        const { serverInfo: _dropped, ...rest } = m.result;
        return [{ ...(message as object), result: rest }];
      }
      return undefined;
    },
  });
  return server;
}

describe('runConformance with an in-memory target', () => {
  it('passes the reference server in this process and records the exchange on the mock', async () => {
    const server = createReferenceServer();
    const ends: string[] = [];
    const listener: Reporter = { onScenarioEnd: (r) => void ends.push(`${r.id} @ ${r.revision}`) };
    const { result, exitCode } = await runConformance({
      target: { server, description: 'reference in memory' },
      scenarios: ['lifecycle/initialize-result-shape', 'ping/'],
      revisions: ['2025-06-18'],
      reporters: [listener],
    });
    expect(exitCode).toBe(ExitCode.Conformant);
    expect(result.target).toMatchObject({ kind: 'in-memory', command: 'reference in memory' });
    expect(result.summary.failed + result.summary.errored).toBe(0);
    expect(result.summary.passed).toBeGreaterThan(1);
    expect(ends).toContain('lifecycle/initialize-result-shape @ 2025-06-18');
    // The messages went through the mock object itself: nothing was spawned to answer them.
    expect(server.recorder.messages.some((m) => (m.message as { method?: string }).method === 'initialize')).toBe(true);
  });

  it('fails the rule a planted defect breaks, with a repro that names the API call', async () => {
    const { result, exitCode } = await runConformance({
      target: { server: serverWithoutServerInfo() },
      scenarios: ['lifecycle/initialize-result-shape'],
      revisions: ['2025-06-18'],
    });
    expect(exitCode).toBe(ExitCode.Failures);
    const cell = result.scenarios.find((s) => s.id === 'lifecycle/initialize-result-shape');
    expect(cell?.status).toBe('failed');
    expect(cell?.checks.filter((c) => c.status === 'failed').map((c) => c.rule?.id)).toContain('lifecycle.initialize.result-contents');
    expect(cell?.repro).toContain('runConformance({ target: { server }, scenarios: ["lifecycle/initialize-result-shape"]');
  });

  it('probes only the revisions under test unless a selected scenario reads the accepted set', async () => {
    const narrowed = await runConformance({ target: { server: createReferenceServer() }, scenarios: ['ping/'], revisions: ['2025-06-18'] });
    expect(narrowed.result.target).toMatchObject({ acceptedRevisions: ['2025-06-18'], probedRevisions: ['2025-06-18'] });
    expect(narrowed.exitCode).toBe(ExitCode.Conformant);
    // The counter-offer to an unknown version must be the newest initialize-era revision accepted
    // (2025-11-25 here): judged against the two probed revisions it would fail.
    const full = await runConformance({
      target: { server: createReferenceServer() },
      scenarios: ['ping/', 'lifecycle/initialize-unknown-version'],
      revisions: ['2025-06-18', '2026-07-28'],
    });
    expect(full.result.target.probedRevisions).toBeUndefined();
    expect(full.result.target.acceptedRevisions).toEqual(['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28']);
    expect(full.result.scenarios.find((s) => s.id === 'lifecycle/initialize-unknown-version')?.status).toBe('passed');
  });

  it('accepts a failure listed in a baseline, and reports the outcome on the result', async () => {
    const file = join(scratch, 'baseline.yaml');
    writeFileSync(
      file,
      ['- scenario: lifecycle/initialize-result-shape', '  revision: 2025-06-18', '  reason: serverInfo is dropped on purpose in this test', ''].join('\n'),
    );
    const { result, exitCode } = await runConformance({
      target: { server: serverWithoutServerInfo() },
      scenarios: ['lifecycle/initialize-result-shape'],
      revisions: ['2025-06-18'],
      baseline: file,
    });
    expect(result.summary.failed).toBe(1);
    expect(result.baseline?.unexpected).toEqual([]);
    expect(result.baseline?.stale).toEqual([]);
    expect(exitCode).toBe(ExitCode.Conformant);
  });
});

describe('runConformance refuses options that cannot work', () => {
  const server = createReferenceServer();
  it.each([
    [{ revisions: ['2025-13-01' as never] }, /not a known MCP revision/],
    [{ scenarios: ['no-such-scenario-anywhere'] }, /No scenario matches/],
    [{ concurrency: 0 }, /`concurrency` takes a whole number >= 1/],
    [{ retries: -1 }, /`retries` takes a whole number >= 0/],
    [{ retries: 4 }, /`retries` takes at most 3/],
    [{ suiteDirs: [join(scratch, 'missing')] }, /no such file or folder/],
  ])('%o', async (extra, message) => {
    await expect(runConformance({ target: { server }, ...extra })).rejects.toThrow(ConformanceOptionsError);
    await expect(runConformance({ target: { server }, ...extra })).rejects.toThrow(message);
  });

  it('an empty command and a URL that is not http(s)', async () => {
    await expect(runConformance({ target: { command: '  ' } })).rejects.toThrow(/command is empty/);
    await expect(runConformance({ target: { url: 'ftp://127.0.0.1/mcp' } })).rejects.toThrow(/not an http\(s\) URL/);
  });
});
