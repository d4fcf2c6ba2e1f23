#!/usr/bin/env -S npx tsx
// Benchmark: per-request cost of the mock kit. A mock server built from examples/weather.mock.yaml
// answers tools/call sequentially: driven by MockClient in memory (no process, same framing as a
// pipe) and over stdio (`mcp-conform mock --config`, a child process), and driven by the SDK 1.x
// Streamable HTTP client through the msw handlers (fetch intercepted, no socket). Median of N rounds.
// Usage: npx tsx bench/mock-overhead.ts [--requests 2000] [--rounds 5]   (needs `npm run build`)
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { setupServer } from 'msw/node';
import { createInMemoryTransport, createMockFromConfig, loadMockConfig, MockClient } from '../mocks/index.js';
import { mcpHandlers } from '../mocks/msw/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name: string, dflt: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : dflt);
const requests = opt('--requests', 2000);
const rounds = opt('--rounds', 5);
const configFile = join(root, 'examples', 'weather.mock.yaml');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function measure(makeClient: () => MockClient): Promise<number> {
  const client = makeClient();
  await client.connect();
  // Warm up: compile schemas, JIT the paths.
  for (let i = 0; i < 50; i++) await client.callTool('forecast', { city: 'Paris' });
  const started = performance.now();
  for (let i = 0; i < requests; i++) await client.callTool('forecast', { city: 'Paris' });
  const perRequestUs = ((performance.now() - started) * 1000) / requests;
  await client.close();
  return perRequestUs;
}

const targets: [string, () => MockClient][] = [
  ['in memory', () => new MockClient(createInMemoryTransport(createMockFromConfig(loadMockConfig(configFile), { record: false })), { revision: '2025-06-18' })],
  ['stdio (mcp-conform mock)', () => MockClient.spawn(`${process.execPath} ${join(root, 'dist', 'runner', 'cli', 'main.js')} mock --config ${configFile}`, { revision: '2025-06-18' })],
];

/** The same loop through msw: the SDK's Streamable HTTP client, fetch intercepted in-process. */
async function measureMsw(): Promise<number> {
  const url = 'http://mock.bench/mcp';
  const handlers = mcpHandlers({ url, server: createMockFromConfig(loadMockConfig(configFile), { record: false }) });
  const msw = setupServer(...handlers);
  msw.listen({ onUnhandledRequest: 'error' });
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  for (let i = 0; i < 50; i++) await client.callTool({ name: 'forecast', arguments: { city: 'Paris' } });
  const started = performance.now();
  for (let i = 0; i < requests; i++) await client.callTool({ name: 'forecast', arguments: { city: 'Paris' } });
  const perRequestUs = ((performance.now() - started) * 1000) / requests;
  await client.close();
  msw.close();
  return perRequestUs;
}

const rows: string[] = [];
const all: [string, () => Promise<number>][] = [
  ...targets.map(([name, make]): [string, () => Promise<number>] => [name, () => measure(make)]),
  ['msw handlers (SDK 1.x Streamable HTTP client)', measureMsw],
];
for (const [name, run] of all) {
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) samples.push(await run());
  const us = median(samples);
  console.log(`${name}: ${us.toFixed(1)} µs per tools/call round trip (median of ${rounds} rounds of ${requests}); ${Math.round(1e6 / us)} requests/s`);
  rows.push(`| ${name} | ${us.toFixed(1)} µs | ${Math.round(1e6 / us)} |`);
}
console.log('\n| mock served | per request (sequential round trip) | requests/s |\n| --- | --- | --- |');
for (const r of rows) console.log(r);
