// Off stdio every cell meets the one server, and a scenario with `isolate: true` has it to itself
// (exclusive-gate.ts). Such a cell starts before every other, so it never waits for a slow cell to
// drain; one skipped before any connection does not take the server at all. The fake server below
// answers the slow cell's tools/call only once it has seen the isolated cell's ping and another
// cell's tools/list: if either had to wait for the slow cell, the slow cell would time out.
import { describe, expect, it } from 'vitest';
import type { CloseReport, Transport, TransportEvent, TransportRequest } from '../../wire/protocol/index.js';
import type { Scenario } from '../suite-loader/types.js';
import { runSuite } from './run.js';

/** What the fake server has been asked, over every connection. */
class FakeServer {
  readonly seen: string[] = [];
  private readonly held: (() => void)[] = [];

  receive(method: string, answer: () => void): void {
    this.seen.push(method);
    if (method === 'tools/call') this.held.push(answer);
    else answer();
    if (this.seen.includes('ping') && this.seen.includes('tools/list')) for (const release of this.held.splice(0)) release();
  }
}

class FakeHttpTransport implements Transport {
  readonly kind = 'http' as const;
  readonly description = 'fake';
  private listener: ((e: TransportEvent) => void) | undefined;
  readonly methods: string[] = [];
  constructor(
    private readonly server: FakeServer,
    readonly request: TransportRequest | undefined,
  ) {}
  async start(): Promise<void> {}
  async send(text: string): Promise<void> {
    const message = JSON.parse(text) as { id?: number; method: string; params?: { protocolVersion?: string } };
    if (message.id === undefined) return;
    this.methods.push(message.method);
    const result =
      message.method === 'initialize' ? { protocolVersion: message.params?.protocolVersion, capabilities: {}, serverInfo: { name: 'fake', version: '1' } } : {};
    const reply =
      message.method === 'server/discover'
        ? { jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } }
        : { jsonrpc: '2.0', id: message.id, result };
    this.server.receive(message.method, () => queueMicrotask(() => this.listener?.({ kind: 'message', message: reply, text: JSON.stringify(reply) })));
  }
  onEvent(listener: (e: TransportEvent) => void): void {
    this.listener = listener;
  }
  async close(): Promise<CloseReport> {
    return { exitedGracefully: true, exitCode: 0, escalation: 'none', ms: 0 };
  }
}

function scenario(id: string, method: string, extra: Partial<Scenario> = {}): Scenario {
  return {
    id,
    title: id,
    area: 'ping',
    role: 'server',
    revisions: '*',
    rules: ['ping.response.empty-result'],
    tags: [],
    session: 'fresh',
    requires: [],
    steps: [
      { kind: 'request', method, as: 'r', sourceLine: 1, path: '0' },
      { kind: 'expect', label: 'r', result: {}, rule: 'ping.response.empty-result', sourceLine: 2, path: '1' },
    ],
    file: `${id}.yaml`,
    ...extra,
  };
}

describe('the start order of cells off stdio', () => {
  it('runs a cell that needs the server alone before a slow cell, and lets a skipped one pass without the server', async () => {
    const server = new FakeServer();
    const transports: FakeHttpTransport[] = [];
    const scenarios = [
      // A longer declared timeout puts the slow cell first among the ordinary ones.
      scenario('slow/call', 'tools/call', { timeoutMs: 3000 }),
      // Skipped at plan time (another revision): with the gate, it would wait for the slow cell.
      scenario('alone/skipped', 'ping', { isolate: true, revisions: '2024-11-05' }),
      scenario('other/list', 'tools/list'),
      scenario('alone/runs', 'ping', { isolate: true }),
    ];
    const run = await runSuite({
      config: {
        target: { kind: 'in-memory', description: 'fake' },
        revisions: ['2025-06-18'],
        timeoutMs: 2000,
        concurrency: 4,
        strict: false,
        verbose: false,
        seed: 1,
        reproExtras: [],
      },
      scenarios,
      rules: { ruleRef: (id) => ({ id, level: 'MUST', section: 's', url: 'u', summary: 's' }) },
      makeTransport: (_revision, request) => {
        const transport = new FakeHttpTransport(server, request);
        transports.push(transport);
        return transport;
      },
      validatorsFor: () => ({ validators: { validateType: () => [], validateSchema: () => [] } }),
      reporters: [],
      tool: { name: 'mcp-conform', version: 'test' },
      target: { kind: 'http', url: 'http://127.0.0.1/mcp' },
      client: { clientInfo: { name: 't', version: '1' }, capabilities: {} },
      repro: () => '',
    });
    const status = Object.fromEntries(run.scenarios.map((r) => [r.id, r.status]));
    expect(status).toEqual({ 'slow/call': 'passed', 'alone/skipped': 'skipped', 'other/list': 'passed', 'alone/runs': 'passed' });
    // The cells' own requests, after the probes' initialize: the isolated ping before the slow call.
    const cells = server.seen.filter((m) => m !== 'initialize');
    expect(cells.indexOf('ping')).toBeLessThan(cells.indexOf('tools/call'));
    // The isolated cell compares connections: it asks for none another conversation used.
    const by = (method: string) => transports.find((t) => t.methods.includes(method))?.request;
    expect(by('ping')).toEqual({ ownConnections: true });
    expect(by('tools/call')).toBeUndefined();
    expect(by('tools/list')).toBeUndefined();
  });
});
