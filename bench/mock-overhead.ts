#!/usr/bin/env -S npx tsx
// Benchmark: per-request cost of the mock kit. A mock server built from examples/weather.mock.yaml
// answers tools/call sequentially: driven by MockClient in memory (no process, same framing as a
// pipe) and over stdio (`mcp-conform mock --config`, a child process), and driven by the SDK 1.x
// Streamable HTTP client through the msw handlers (fetch intercepted, no socket) and through
// serveStreamableHttp on 127.0.0.1 (the same fetch handler behind node:http). Median of N rounds.
// Usage: npx tsx bench/mock-overhead.ts [--requests 2000] [--rounds 5]   (needs `npm run build`)
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { setupServer } from 'msw/node';
import { createInMemoryTransport, createMcpFetchHandler, createMockFromConfig, loadMockConfig, MockClient, serveStreamableHttp } from '../mocks/index.js';
import { mcpHandlers } from '../mocks/msw/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name: string, dflt: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : dflt);
const requests = opt('--requests', 2000);
const rounds = opt('--rounds', 5);
const configFile = join(root, 'examples', 'weather.mock.yaml');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** One round: wall time per request, and this process's CPU time per request (steadier on a shared machine; it misses a child's CPU). */
interface Sample {
  wallUs: number;
  cpuUs: number;
}

async function timed(call: (i: number) => Promise<unknown>): Promise<Sample> {
  // Warm up: compile schemas, JIT the paths.
  for (let i = 0; i < 50; i++) await call(i);
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < requests; i++) await call(100 + i);
  const wallUs = ((performance.now() - started) * 1000) / requests;
  const used = process.cpuUsage(cpu);
  return { wallUs, cpuUs: (used.user + used.system) / requests };
}

async function measure(makeClient: () => MockClient): Promise<Sample> {
  const client = makeClient();
  await client.connect();
  const sample = await timed(() => client.callTool('forecast', { city: 'Paris' }));
  await client.close();
  return sample;
}

const targets: [string, () => MockClient][] = [
  ['in memory', () => new MockClient(createInMemoryTransport(createMockFromConfig(loadMockConfig(configFile), { record: false })), { revision: '2025-06-18' })],
  [
    'stdio (mcp-conform mock)',
    () => MockClient.spawn(`${process.execPath} ${join(root, 'dist', 'cli', 'main.js')} mock --config ${configFile}`, { revision: '2025-06-18' }),
  ],
];

/** The same loop with the SDK's Streamable HTTP client at `url`. */
async function measureSdk(url: string): Promise<Sample> {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  const sample = await timed(() => client.callTool({ name: 'forecast', arguments: { city: 'Paris' } }));
  await client.close();
  return sample;
}

/** Through msw: fetch intercepted in-process. */
async function measureMsw(): Promise<Sample> {
  const url = 'http://mock.bench/mcp';
  const handlers = mcpHandlers({ url, server: createMockFromConfig(loadMockConfig(configFile), { record: false }) });
  const msw = setupServer(...handlers);
  msw.listen({ onUnhandledRequest: 'error' });
  try {
    return await measureSdk(url);
  } finally {
    msw.close();
  }
}

/** The fetch handler alone: a Request in, the SSE Response read to its end, no client library. */
async function measureFetchHandler(): Promise<Sample> {
  const endpoint = createMcpFetchHandler(createMockFromConfig(loadMockConfig(configFile), { record: false }));
  const url = 'http://mock.bench/mcp';
  const headers = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };
  const post = (body: unknown, extra: Record<string, string> = {}) =>
    endpoint.handle(new Request(url, { method: 'POST', headers: { ...headers, ...extra }, body: JSON.stringify(body) }));
  const init = await post({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
  });
  await init.text();
  const session = { 'mcp-session-id': init.headers.get('mcp-session-id')!, 'mcp-protocol-version': '2025-06-18' };
  await (await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, session)).text();
  const call = async (id: number) => {
    const text = await (await post({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'forecast', arguments: { city: 'Paris' } } }, session)).text();
    if (!text.includes('"result"')) throw new Error(`no result: ${text}`);
  };
  const sample = await timed((i) => call(1 + i));
  endpoint.close();
  return sample;
}

/** Through a loopback socket: serveStreamableHttp. */
async function measureNodeHttp(): Promise<Sample> {
  const handle = await serveStreamableHttp(createMockFromConfig(loadMockConfig(configFile), { record: false }));
  try {
    return await measureSdk(handle.url);
  } finally {
    await handle.close();
  }
}

const rows: string[] = [];
const all: [string, () => Promise<Sample>][] = [
  ...targets.map(([name, make]): [string, () => Promise<Sample>] => [name, () => measure(make)]),
  ['fetch handler alone (Request in, SSE Response read)', measureFetchHandler],
  ['msw handlers (SDK 1.x Streamable HTTP client)', measureMsw],
  ['serveStreamableHttp on 127.0.0.1 (SDK 1.x Streamable HTTP client)', measureNodeHttp],
];
for (const [name, run] of all) {
  const samples: Sample[] = [];
  for (let r = 0; r < rounds; r++) samples.push(await run());
  const us = median(samples.map((s) => s.wallUs));
  const cpuUs = median(samples.map((s) => s.cpuUs));
  console.log(
    `${name}: ${us.toFixed(1)} µs per tools/call round trip, ${cpuUs.toFixed(1)} µs CPU in this process (median of ${rounds} rounds of ${requests}); ${Math.round(1e6 / us)} requests/s`,
  );
  rows.push(`| ${name} | ${us.toFixed(1)} µs | ${cpuUs.toFixed(1)} µs | ${Math.round(1e6 / us)} |`);
}
console.log('\n| mock served | per request (sequential round trip) | CPU per request (this process) | requests/s |\n| --- | --- | --- | --- |');
for (const r of rows) console.log(r);
