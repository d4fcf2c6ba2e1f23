// Big messages are legal: a 50 MB image, audio clip or blob is judged like any other message over
// stdio, Streamable HTTP and legacy HTTP+SSE, from servers and from clients. MCP sets no size on a
// message; the runner's own limit (--max-message-bytes, 64 MiB by default) is a resource limit, so
// a message past it errors its cell with a reason naming the flag and never fails the peer. The
// planted broken base64 proves the big message was validated, not waved through for its size.
import { describe, expect, it } from 'vitest';
import { createMockFromConfig, serveStreamableHttp, type MockConfig } from '../../mocks/index.js';
import type { Report, ReportScenario } from './run-cli.js';
import { runClient, runServer } from './run-in-process.js';

const MINI_SERVER = 'node test/fixtures/targets/mini-server.mjs';
const MINI_CLIENT = 'node test/fixtures/clients/mini-client.mjs';
/** Generous: 50 MB cross a pipe or a socket twice and are parsed and validated, on a loaded 2-core machine. */
const TIMEOUT_MS = 60_000;
const MB = 50;

type Cell = ReportScenario & { errorReason?: string };

function cells(report: Report): Cell[] {
  return report.scenarios as Cell[];
}

/** Every cell ran and nothing failed or errored; returns the checks of a rule seen passing. */
function expectClean(report: Report, judged: string[]): void {
  const bad = cells(report).filter((c) => c.status === 'failed' || c.status === 'errored');
  expect(bad.map((c) => ({ id: c.id, revision: c.revision, reason: c.errorReason, checks: c.checks.filter((k) => k.status !== 'passed') }))).toEqual([]);
  for (const id of judged) {
    const ran = cells(report).filter((c) => c.id === id);
    expect(ran.length, id).toBeGreaterThan(0);
    // The schema check saw the big message and found it valid.
    for (const cell of ran)
      expect(
        cell.checks.find((k) => k.rule === 'schema.message.valid'),
        `${id} ${cell.revision}`,
      ).toMatchObject({ status: 'passed' });
  }
}

function expectBrokenBase64Found(report: Report, id: string): void {
  const cell = cells(report).find((c) => c.id === id);
  const schema = cell?.checks.find((k) => k.rule === 'schema.message.valid');
  expect(schema, JSON.stringify(cell?.checks)).toMatchObject({ status: 'failed' });
  expect(schema?.message).toMatch(/format "byte"|must match format/);
}

function expectErroredByLimit(report: Report, sender: 'target' | 'client'): void {
  const hit = cells(report).filter((c) => c.status === 'errored');
  expect(hit.length).toBeGreaterThan(0);
  for (const cell of hit) expect(cell.errorReason).toBe(`a message from the ${sender} exceeded mcp-conform's 1 MiB limit; raise it with --max-message-bytes`);
  expect(cells(report).filter((c) => c.status === 'failed')).toEqual([]);
}

describe('stdio server: 50 MB of image, audio and blob', () => {
  const scenarios = ['tools/call-valid-arguments', 'resources/read-blob'];
  const revisions = ['2024-11-05', '2025-06-18'] as const;

  it('is judged valid, with no failure (image at 2024-11-05; image and audio at 2025-06-18; blob)', { timeout: 300_000 }, async () => {
    const { report } = await runServer({
      target: { command: `${MINI_SERVER} --big-content ${MB}` },
      scenarios,
      revisions: [...revisions],
      timeoutMs: TIMEOUT_MS,
    });
    expectClean(report, scenarios);
  });

  it('reads a 41 MB tools/list line and judges it', { timeout: 300_000 }, async () => {
    const { report } = await runServer({
      target: { command: `${MINI_SERVER} --big-list 41` },
      scenarios: ['tools/list-well-formed'],
      revisions: ['2025-06-18'],
      timeoutMs: TIMEOUT_MS,
    });
    expectClean(report, ['tools/list-well-formed']);
  });

  it('still fails the schema rule for one bad character in the middle of the 50 MB', { timeout: 300_000 }, async () => {
    const { report } = await runServer({
      target: { command: `${MINI_SERVER} --big-content ${MB} --big-content-broken` },
      scenarios: ['tools/call-valid-arguments'],
      revisions: ['2025-06-18'],
      timeoutMs: TIMEOUT_MS,
    });
    expectBrokenBase64Found(report, 'tools/call-valid-arguments');
  });

  it('errors, never fails, a wait that ends while a big answer is still arriving (a slow transfer, not silence)', { timeout: 120_000 }, async () => {
    const { report } = await runServer({
      target: { command: `${MINI_SERVER} --big-content 20 --slow-write-ms 5000` },
      scenarios: ['tools/call-valid-arguments'],
      revisions: ['2025-06-18'],
      timeoutMs: 1000,
      retries: 0,
    });
    const [cell] = cells(report);
    expect(cell?.status, JSON.stringify(cell?.checks)).toBe('errored');
    expect(cell?.checks.find((k) => k.status === 'errored')?.message).toMatch(
      /while a message was still arriving \(\d+ bytes so far\): a slow transfer, not silence; raise --timeout/,
    );
    // The line the runner cut by closing the target is not judged as output that is not JSON.
    expect(cell?.checks.filter((k) => k.status === 'failed')).toEqual([]);
  });

  it('errors the cell, naming the flag, when a message passes a lowered limit', { timeout: 120_000 }, async () => {
    const { report } = await runServer({
      target: { command: `${MINI_SERVER} --big-content 2` },
      scenarios: ['tools/call-valid-arguments'],
      revisions: ['2025-06-18'],
      maxMessageBytes: 1024 * 1024,
    });
    expectErroredByLimit(report, 'target');
  });
});

describe('HTTP and SSE server: 50 MB of image, audio and blob', () => {
  const half = Buffer.alloc((MB * 1_000_000 * 3) / 8, 0x5a).toString('base64');
  const whole = Buffer.alloc((MB * 1_000_000 * 3) / 4, 0x5a).toString('base64');
  const config = (data: string): MockConfig => ({
    serverInfo: { name: 'big-mock', version: '1.0.0' },
    tools: [
      {
        name: 'picture',
        description: 'Returns a picture and its sound.',
        inputSchema: { type: 'object', properties: {} },
        annotations: { readOnlyHint: true },
        result: {
          content: [
            { type: 'image', data, mimeType: 'image/png' },
            { type: 'audio', data: half, mimeType: 'audio/wav' },
          ],
        },
      },
    ],
    resources: [{ uri: 'mock://blob', name: 'blob', mimeType: 'application/octet-stream', blob: whole }],
  });
  const scenarios = ['tools/call-valid-arguments', 'resources/read-blob'];

  async function serving<T>(data: string, body: (urls: { http: string; sse: string }) => Promise<T>): Promise<T> {
    const handle = await serveStreamableHttp(createMockFromConfig(config(data)), { legacySse: true });
    try {
      return await body({ http: handle.url, sse: handle.url.replace(/\/mcp$/, '/sse') });
    } finally {
      await handle.close();
    }
  }

  it('is judged valid over Streamable HTTP and over HTTP+SSE, and a bad character is still found', { timeout: 300_000 }, async () => {
    await serving(half, async ({ http, sse }) => {
      const overHttp = await runServer({ target: { url: http }, scenarios, revisions: ['2025-06-18'], timeoutMs: TIMEOUT_MS });
      expectClean(overHttp.report, scenarios);
      const overSse = await runServer({ target: { url: sse, legacySse: true }, scenarios, revisions: ['2025-06-18'], timeoutMs: TIMEOUT_MS });
      expectClean(overSse.report, scenarios);
      expect(cells(overSse.report).every((c) => c.transport === 'sse')).toBe(true);
    });
    await serving(`${half.slice(0, half.length / 2)}*${half.slice(half.length / 2 + 1)}`, async ({ http }) => {
      const broken = await runServer({ target: { url: http }, scenarios: ['tools/call-valid-arguments'], revisions: ['2025-06-18'], timeoutMs: TIMEOUT_MS });
      expectBrokenBase64Found(broken.report, 'tools/call-valid-arguments');
    });
  });

  it('errors the cell, naming the flag, when a body or an SSE event passes a lowered limit', { timeout: 300_000 }, async () => {
    await serving(half, async ({ http, sse }) => {
      const limit = { scenarios: ['tools/call-valid-arguments'], revisions: ['2025-06-18' as const], maxMessageBytes: 1024 * 1024, timeoutMs: TIMEOUT_MS };
      expectErroredByLimit((await runServer({ target: { url: http }, ...limit })).report, 'target');
      expectErroredByLimit((await runServer({ target: { url: sse, legacySse: true }, ...limit })).report, 'target');
    });
  });
});

describe('clients: a 50 MB image in the answer to sampling/createMessage', () => {
  const env = (extra: Record<string, string> = {}) => ({ MINI_CLIENT_BIG_IMAGE_MB: String(MB), ...extra });
  const selection = { scenarios: ['client/sampling-request'], revisions: ['2025-06-18' as const], timeoutMs: TIMEOUT_MS };

  it('is judged valid over stdio and over HTTP, and a bad character is still found', { timeout: 300_000 }, async () => {
    for (const command of [`${MINI_CLIENT} {command}`, `${MINI_CLIENT} {url}`]) {
      const { report } = await runClient({ command, env: env(), ...selection });
      expect(cells(report).map((c) => [c.status, c.errorReason])).toEqual([['passed', undefined]]);
      expect(
        cells(report)[0]!.checks.find((k) => k.rule === 'schema.message.valid'),
        command,
      ).toMatchObject({ status: 'passed' });
    }
    const { report } = await runClient({ command: `${MINI_CLIENT} {command}`, env: env({ MINI_CLIENT_BIG_IMAGE_BROKEN: '1' }), ...selection });
    expectBrokenBase64Found(report, 'client/sampling-request');
  });

  it('errors the cell, naming the flag, when the client passes a lowered limit', { timeout: 120_000 }, async () => {
    for (const command of [`${MINI_CLIENT} {command}`, `${MINI_CLIENT} {url}`]) {
      const { report } = await runClient({ command, env: { MINI_CLIENT_BIG_IMAGE_MB: '2' }, ...selection, maxMessageBytes: 1024 * 1024 });
      expectErroredByLimit(report, 'client');
    }
  });
});
