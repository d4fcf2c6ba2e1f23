#!/usr/bin/env -S npx tsx
// Benchmark: per-request cost of the mock kit. A mock server built from examples/weather.mock.yaml
// answers tools/call sequentially, driven by MockClient: in memory (no process, same framing as a
// pipe) and over stdio (`mcp-conform mock --config`, a child process). Median of N rounds.
// Usage: npx tsx bench/mock-overhead.ts [--requests 2000] [--rounds 5]   (needs `npm run build`)
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInMemoryTransport, createMockFromConfig, loadMockConfig, MockClient } from '../mocks/index.js';

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

const rows: string[] = [];
for (const [name, make] of targets) {
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) samples.push(await measure(make));
  const us = median(samples);
  console.log(`${name}: ${us.toFixed(1)} µs per tools/call round trip (median of ${rounds} rounds of ${requests}); ${Math.round(1e6 / us)} requests/s`);
  rows.push(`| ${name} | ${us.toFixed(1)} µs | ${Math.round(1e6 / us)} |`);
}
console.log('\n| mock served | per request (sequential round trip) | requests/s |\n| --- | --- | --- |');
for (const r of rows) console.log(r);
