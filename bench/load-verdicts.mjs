#!/usr/bin/env node
// Benchmark: do verdicts depend on the machine's load? Runs the suite against the reference server
// (stdio) and the SDK example clients (client mode over {url}, where issue 27 saw verdicts move with
// the load) on a quiet machine,
// then on a CPU-starved one (busy processes on every core, started and killed by this script), and
// prints the cells whose verdict differs from the quiet run's: without re-runs (--retries 0), and
// with the default re-run alone of failed and errored cells (--retries 1), whose flaky cells are
// named apart. Also the wall time of each run and what the re-runs cost.
// Usage: node bench/load-verdicts.mjs [--busy-per-core 2] [--concurrency N] [--max-minutes 20] [--only reference|clients]
// Needs `npm run build` first. Every busy process is bounded (it exits by itself after
// --max-minutes) and killed by its pid when the runs end, on Ctrl-C too.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli, requireBuild, root } from './common.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i === -1 ? dflt : args[i + 1];
};
const busyPerCore = Number(opt('--busy-per-core', '2'));
const maxMinutes = Number(opt('--max-minutes', '20'));
const concurrency = opt('--concurrency', undefined);
const only = opt('--only', 'all');
requireBuild();

const cores = availableParallelism();
const targets = [
  { name: 'reference server (stdio)', key: 'reference', argv: [] },
  { name: 'SDK 1.x client ({url})', key: 'clients', argv: ['--client', `node ${join('examples', 'clients', 'sdk-client.mjs')} {url}`] },
  { name: 'SDK 2.x client ({url})', key: 'clients', argv: ['--client', `node ${join('examples', 'clients', 'sdk2-client.mjs')} {url}`] },
].filter((t) => only === 'all' || t.key === only);

const scratch = mkdtempSync(join(tmpdir(), 'mcp-conform-load-'));
let reports = 0;
/** One run of the CLI with a JSON report: its verdict per cell, wall time and exit code. */
function run(target, retries) {
  const path = join(scratch, `r${++reports}.json`);
  const argv = [cli, ...target.argv, '--retries', String(retries), '--report', `json=${path}`, ...(concurrency ? ['--concurrency', concurrency] : [])];
  const started = Date.now();
  const child = spawnSync(process.execPath, argv, { cwd: root, encoding: 'utf8', timeout: maxMinutes * 60_000, maxBuffer: 64 * 1024 * 1024 });
  const wallMs = Date.now() - started;
  const report = existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
  const verdicts = new Map((report?.scenarios ?? []).map((c) => [`${c.id} @ ${c.revision}${c.transport === 'stdio' ? '' : ` (${c.transport})`}`, c]));
  const rerunMs = (report?.scenarios ?? []).reduce((sum, c) => sum + (c.rerun?.attempts ?? []).reduce((t, a) => t + a.durationMs, 0), 0);
  const rerunCells = (report?.scenarios ?? []).filter((c) => c.rerun).length;
  return { code: child.status, wallMs, verdicts, summary: report?.summary, rerunMs, rerunCells };
}

/** Cells whose verdict differs from the quiet run's, as `cell: quiet → loaded`. */
function differences(quiet, loaded) {
  const out = [];
  for (const [cell, q] of quiet.verdicts) {
    const l = loaded.verdicts.get(cell);
    if (!l) out.push(`${cell}: ${q.status} → (missing)`);
    else if (l.status !== q.status) out.push(`${cell}: ${q.status} → ${l.status}${l.errorReason ? ` (${l.errorReason.slice(0, 120)})` : ''}`);
  }
  return out;
}

// ---- the load: busy loops on every core, each bounded in time, killed by pid --------------------
const busy = [];
function startLoad() {
  const n = cores * busyPerCore;
  for (let i = 0; i < n; i++) {
    const child = spawn(process.execPath, ['-e', `const end = Date.now() + ${maxMinutes * 60_000}; while (Date.now() < end) {}`], { stdio: 'ignore' });
    busy.push(child);
  }
  return n;
}
function stopLoad() {
  for (const child of busy.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}
process.on('SIGINT', () => {
  stopLoad();
  rmSync(scratch, { recursive: true, force: true });
  process.exit(130);
});

const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
const rows = [];
try {
  const quiet = targets.map((t) => run(t, 0));
  const before = loadavg()[0];
  const processes = startLoad();
  // Let the load take hold before the first measured run.
  spawnSync(process.execPath, ['-e', 'const end = Date.now() + 3000; while (Date.now() < end) {}']);
  const loaded = targets.map((t) => ({ plain: run(t, 0), retried: run(t, 1) }));
  const during = loadavg()[0];
  stopLoad();
  console.log(
    `load: ${processes} busy processes on ${cores} cores (1-minute load average ${before.toFixed(1)} before, ${during.toFixed(1)} at the end of the loaded runs)`,
  );
  targets.forEach((t, i) => {
    const q = quiet[i];
    const { plain, retried } = loaded[i];
    const flips = differences(q, plain);
    const left = differences(q, retried);
    const flaky = [...retried.verdicts].filter(([, c]) => c.status === 'flaky').map(([cell]) => cell);
    console.log(`\n${t.name}`);
    console.log(
      `  quiet, --retries 0:  ${s(q.wallMs)}, exit ${q.code}, ${q.summary?.passed} passed, ${q.summary?.failed} failed, ${q.summary?.errored} errored`,
    );
    console.log(`  loaded, --retries 0: ${s(plain.wallMs)}, exit ${plain.code}, ${flips.length} verdicts differ from quiet`);
    for (const d of flips) console.log(`    ${d}`);
    console.log(
      `  loaded, --retries 1: ${s(retried.wallMs)}, exit ${retried.code}, ${left.length} verdicts differ from quiet (${flaky.length} of them flaky); ${retried.rerunCells} cells re-run alone in ${s(retried.rerunMs)}`,
    );
    for (const d of left) console.log(`    ${d}`);
    rows.push(
      `| ${t.name} | ${s(q.wallMs)} (${q.code}) | ${s(plain.wallMs)} (${plain.code}) | ${flips.length} | ${s(retried.wallMs)} (${retried.code}) | ${left.length - flaky.length} | ${flaky.length} | ${retried.rerunCells} in ${s(retried.rerunMs)} |`,
    );
  });
  console.log('\n| target | quiet (exit) | loaded, no re-run (exit) | verdicts differing | loaded, re-run (exit) | differing, not flaky | flaky | re-runs |');
  console.log('| --- | --- | --- | ---: | --- | ---: | ---: | --- |');
  for (const r of rows) console.log(r);
} finally {
  stopLoad();
  rmSync(scratch, { recursive: true, force: true });
}
