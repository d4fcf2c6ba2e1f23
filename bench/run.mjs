#!/usr/bin/env node
// Benchmark: wall time of a full mcp-conform run against each target, median of N runs.
// Usage: node bench/run.mjs [--runs 5] [--target reference|everything|all]
// Prints one line per target and a Markdown table for the README. Needs `npm run build` first.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { median } from './median.mjs';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist', 'runner', 'cli', 'main.js');
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i === -1 ? dflt : args[i + 1];
};
const runs = Number(opt('--runs', '5'));
const which = opt('--target', 'all');

const everything = join(root, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');
const targets = [
  { name: 'reference server (stdio)', key: 'reference', argv: [] },
  { name: 'server-everything (stdio)', key: 'everything', argv: ['--server', `${process.execPath} ${everything} stdio`] },
].filter((t) => which === 'all' || t.key === which);

if (!existsSync(cli)) {
  console.error('bench: dist/ is missing; run `npm run build` first.');
  process.exit(2);
}


const rows = [];
for (const target of targets) {
  const times = [];
  let last;
  for (let i = 0; i < runs; i++) {
    const dir = mkdtempSync(join(tmpdir(), 'mcpc-bench-'));
    const report = join(dir, 'r.json');
    const started = process.hrtime.bigint();
    const r = spawnSync(process.execPath, [cli, ...target.argv, '--report', `json=${report}`, '--report', 'console'], { encoding: 'utf8' });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    times.push(ms);
    if (existsSync(report)) last = JSON.parse(readFileSync(report, 'utf8'));
    rmSync(dir, { recursive: true, force: true });
    if (r.status !== 0 && r.status !== 1) {
      console.error(`bench: ${target.name} exited with ${r.status}\n${r.stderr}`);
      break;
    }
  }
  const s = last?.summary ?? {};
  rows.push({ target: target.name, median: median(times), min: Math.min(...times), max: Math.max(...times), cells: s.scenarios, passed: s.passed, failed: s.failed, skipped: s.skipped, errored: s.errored });
  console.log(`${target.name}: median ${(median(times) / 1000).toFixed(2)} s over ${times.length} runs (min ${(Math.min(...times) / 1000).toFixed(2)}, max ${(Math.max(...times) / 1000).toFixed(2)}); cells ${s.scenarios}: ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped, ${s.errored} errored`);
}
console.log('\n| target | median wall time | cells | passed | failed | skipped | errored |\n| --- | --- | --- | --- | --- | --- | --- |');
for (const r of rows) console.log(`| ${r.target} | ${(r.median / 1000).toFixed(2)} s | ${r.cells} | ${r.passed} | ${r.failed} | ${r.skipped} | ${r.errored} |`);
