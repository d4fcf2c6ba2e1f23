// A list that changes between pages, announced with list_changed, is legal: pages read on across
// the notice are not one list. The mini-server's `tools-move-between-pages` quirk moves `add` from
// the first page to the last after the first page of the first listing and says so; read naively,
// `add` shows twice. No scenario may warn about it, while the planted duplicate still warns.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { probeRevision } from '../../runner/engine/probe.js';
import { StdioTransport, quoteWord } from '../../wire/transports/index.js';
import { ROOT } from './run-cli.js';
import { runServer } from './run-in-process.js';

const FIXTURE = join(ROOT, 'test', 'fixtures', 'targets', 'mini-server.mjs');
const QUIRK = [process.execPath, FIXTURE, '--quirk', 'tools-move-between-pages'].map(quoteWord).join(' ');
const CLIENT = { clientInfo: { name: 'mcp-conform-test', version: '0' }, capabilities: {} };

describe('a tools list that changes between pages, with list_changed', () => {
  it('is read again from its first page by the probe, so it holds each tool once', { timeout: 30_000 }, async () => {
    const probe = await probeRevision('2025-06-18', () => new StdioTransport({ command: QUIRK }), CLIENT, 5000);
    expect(probe.accepted).toBe(true);
    const names = probe.profile.tools.map((tool) => tool.name);
    // The quirk did fire (else this test proves nothing): the probe saw the notice and read again.
    expect(probe.profile.notes.some((note) => note.includes('notifications/tools/list_changed') && note.includes('read again'))).toBe(true);
    expect(names.filter((name) => name === 'add')).toHaveLength(1);
    expect(names).toContain('slow');
    expect(probe.profile.unsettled).toEqual({});
  });

  it('gets no warning and no failure from the tools and pagination scenarios at any revision', { timeout: 120_000 }, async () => {
    const { code, report } = await runServer({
      target: { command: QUIRK, cwd: ROOT },
      timeoutMs: 3000,
      scenarios: ['tools/', 'pagination/', 'capabilities/'],
      concurrency: 2,
    });
    const bad = report.scenarios.flatMap((s) =>
      s.checks
        .filter((c) => !['passed', 'skipped', 'info'].includes(c.status))
        .map((c) => `${s.id} @ ${s.revision}: ${c.rule} ${c.status}: ${c.message ?? ''}`),
    );
    expect(bad).toEqual([]);
    const unique = report.scenarios.filter((s) => s.id === 'tools/unique-names');
    expect(unique.length).toBeGreaterThan(0);
    expect(unique.every((s) => s.status === 'passed')).toBe(true);
    expect(code).toBe(0);
  });

  it('still warns about a server that really lists a tool name twice', { timeout: 60_000 }, async () => {
    const command = [process.execPath, FIXTURE, '--defect', 'duplicate-tool-names'].map(quoteWord).join(' ');
    const { report } = await runServer({ target: { command, cwd: ROOT }, timeoutMs: 3000, scenarios: ['tools/unique-names'], revisions: ['2025-06-18'] });
    const cell = report.scenarios.find((s) => s.id === 'tools/unique-names');
    expect(cell?.checks.map((c) => `${c.rule}=${c.status}`)).toContain('tools.list.unique-names=warning');
  });
});
