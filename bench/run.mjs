#!/usr/bin/env node
// Benchmark: wall time of a full mcp-conform run against each target, median of N runs.
// Usage: node bench/run.mjs [--runs 5] [--target reference|everything|all] [--mode shared|isolate|both]
// `--mode both` alternates a default run (stdio cells share target processes) and an `--isolate`
// run (one process per cell), so both see the same machine load, and says whether their verdicts
// differ. Prints one line per target and mode, and a Markdown table for docs/performance.md. Needs
// `npm run build` first.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli, everything, median, requireBuild, wallTimeParts } from './common.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i === -1 ? dflt : args[i + 1];
};
const runs = Number(opt('--runs', '5'));
const which = opt('--target', 'all');
const modes = { shared: ['shared'], isolate: ['isolate'], both: ['shared', 'isolate'] }[opt('--mode', 'shared')];
if (!modes) {
  console.error('bench: --mode is shared, isolate or both');
  process.exit(2);
}

const targets = [
  { name: 'reference server (stdio)', key: 'reference', argv: [] },
  { name: 'server-everything (stdio)', key: 'everything', argv: ['--server', `${process.execPath} ${everything} stdio`] },
].filter((t) => which === 'all' || t.key === which);

requireBuild();

/**
 * CPU time, in ms, of this script's reaped children and their reaped descendants: the runner and
 * every target process it started. Linux only (/proc); NaN elsewhere.
 */
function childCpuMs() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // After the command name: state is field 3 of the full line, cutime 16 and cstime 17.
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

const rows = [];
for (const target of targets) {
  const times = Object.fromEntries(modes.map((m) => [m, []]));
  const cpu = Object.fromEntries(modes.map((m) => [m, []]));
  const last = {};
  for (let i = 0; i < runs; i++) {
    for (const mode of modes) {
      const dir = mkdtempSync(join(tmpdir(), 'mcpc-bench-'));
      const report = join(dir, 'r.json');
      const started = process.hrtime.bigint();
      const before = childCpuMs();
      const argv = [cli, ...target.argv, ...(mode === 'isolate' ? ['--isolate'] : []), '--report', `json=${report}`, '--report', 'console'];
      const r = spawnSync(process.execPath, argv, { encoding: 'utf8' });
      times[mode].push(Number(process.hrtime.bigint() - started) / 1e6);
      cpu[mode].push(childCpuMs() - before);
      if (existsSync(report)) last[mode] = JSON.parse(readFileSync(report, 'utf8'));
      rmSync(dir, { recursive: true, force: true });
      if (r.status !== 0 && r.status !== 1) {
        console.error(`bench: ${target.name} (${mode}) exited with ${r.status}\n${r.stderr}`);
        process.exit(1);
      }
    }
  }
  if (last.shared && last.isolate) {
    const statuses = (report) => new Map(report.scenarios.map((c) => [`${c.id} @ ${c.revision}`, c.status]));
    const a = statuses(last.shared);
    const b = statuses(last.isolate);
    const differ = [...a.keys()].filter((k) => a.get(k) !== b.get(k));
    console.log(`${target.name}: ${differ.length === 0 ? 'same verdict in every cell in both modes' : `verdicts differ in ${differ.join(', ')}`}`);
  }
  for (const mode of modes) {
    const s = last[mode]?.summary ?? {};
    const t = times[mode];
    const name = `${target.name}, ${mode === 'isolate' ? '--isolate' : 'shared processes (default)'}`;
    rows.push({
      target: name,
      median: median(t),
      cpu: median(cpu[mode]),
      cells: s.scenarios,
      passed: s.passed,
      failed: s.failed,
      skipped: s.skipped,
      errored: s.errored,
    });
    console.log(
      `${name}: median ${(median(t) / 1000).toFixed(2)} s over ${t.length} runs (min ${(Math.min(...t) / 1000).toFixed(2)}, max ${(Math.max(...t) / 1000).toFixed(2)}), CPU ${(median(cpu[mode]) / 1000).toFixed(1)} s; cells ${s.scenarios}: ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped, ${s.errored} errored`,
    );
    console.log(`  last run: ${wallTimeParts(last[mode], t.at(-1))}`);
  }
}
console.log('\n| target | median wall time | median CPU | cells | passed | failed | skipped | errored |\n| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of rows)
  console.log(
    `| ${r.target} | ${(r.median / 1000).toFixed(2)} s | ${(r.cpu / 1000).toFixed(1)} s | ${r.cells} | ${r.passed} | ${r.failed} | ${r.skipped} | ${r.errored} |`,
  );
