#!/usr/bin/env node
// Benchmark: fuzz inputs per second against the reference server, in-process, over stdio and over
// Streamable HTTP (its HTTP entry point, started by the bench on a free loopback port), median of
// N runs of a fixed seed and input count. Needs `npm run build` first.
// Usage: node bench/fuzz.mjs [--runs 3] [--inputs 3000] [--revision 2025-06-18]
// The reference server's `slow` tool sleeps on purpose (200 ms a call) and is left out, as
// `--skip-tool slow` would; the figure measures the fuzzer and the transport, not that sleep.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { median } from './median.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = (...p) => pathToFileURL(join(root, 'dist', ...p)).href;
if (!existsSync(join(root, 'dist', 'runner', 'fuzz', 'index.js'))) {
  console.error('bench: dist/ is missing; run `npm run build` first.');
  process.exit(2);
}
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i === -1 ? dflt : args[i + 1];
};
const runs = Number(opt('--runs', '3'));
const inputs = Number(opt('--inputs', '3000'));
const revision = opt('--revision', '2025-06-18');

const { prepareTarget, runFuzz } = await import(dist('runner', 'fuzz', 'index.js'));
const { StdioTransport, StreamableHttpTransport, startManagedServer, quoteWord } = await import(dist('runner', 'transports', 'index.js'));
const { createInMemoryTransport } = await import(dist('mocks', 'adapters', 'index.js'));
const { createReferenceServer } = await import(dist('mocks', 'reference', 'index.js'));

const client = { clientInfo: { name: 'mcp-conform-bench', version: '0' }, capabilities: {} };
const stdioCommand = [process.execPath, join(root, 'dist', 'mocks', 'reference', 'stdio-main.js')].map(quoteWord).join(' ');
const httpCommand = [process.execPath, join(root, 'dist', 'mocks', 'reference', 'http-main.js')].map(quoteWord).join(' ');
const httpServer = await startManagedServer({ command: httpCommand, portEnv: 'PORT', startupMs: 10_000 });
const httpUrl = `http://127.0.0.1:${httpServer.port}/mcp`;
const targets = [
  { name: 'reference server, in-process', framing: 'lines', make: () => createInMemoryTransport(createReferenceServer({ record: false })) },
  { name: 'reference server, stdio', framing: 'stdio', make: () => new StdioTransport({ command: stdioCommand }) },
  { name: 'reference server, Streamable HTTP', framing: 'http', make: () => new StreamableHttpTransport({ url: httpUrl, timeoutMs: 5000 }) },
];

const rows = [];
for (const target of targets) {
  const prepared = await prepareTarget(target.make, client, 5000, revision);
  if (!prepared.ok) throw new Error(`${target.name}: ${prepared.reason}`);
  const rates = [];
  for (let i = 0; i < runs; i++) {
    const outcome = await runFuzz({
      makeTransport: target.make,
      client,
      ...prepared.target,
      seed: 1,
      runs: inputs,
      timeBudgetMs: 120_000,
      timeoutMs: 5000,
      framing: target.framing,
      skipTools: ['slow'],
    });
    if (outcome.failure) throw new Error(`${target.name}: unexpected finding ${JSON.stringify(outcome.failure.violations)}`);
    rates.push(outcome.casesPerSecond);
  }
  const rate = median(rates);
  rows.push({ name: target.name, rate, rates });
  console.log(`${target.name}: ${rate} inputs/s (median of ${runs}: ${rates.join(', ')}), ${inputs} inputs at ${revision}`);
}
await httpServer.stop();
console.log('\n| target | inputs/s (median) |\n| --- | ---: |');
for (const r of rows) console.log(`| ${r.name} | ${r.rate} |`);
