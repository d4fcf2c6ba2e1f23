#!/usr/bin/env node
// Benchmark: wall time of the full mcp-conform run over Streamable HTTP against server-everything
// (`streamableHttp` mode, started by the runner with --port-env), median of N runs, beside the
// official @modelcontextprotocol/conformance CLI against the same server when it is available.
// Usage: node bench/http.mjs [--runs 5]
// The official CLI needs Node 22: set CONFORMANCE_NODE (a Node 22 binary) and CONFORMANCE_CLI (its
// package's CLI entry); without them that column is skipped with a message. Needs `npm run build`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli, everything, median, requireBuild, wallTimeParts } from './common.mjs';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1] || 5) || 5;
requireBuild();

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function waitListening(port, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const ok = await new Promise((resolve) => {
      const sock = connect({ host: '127.0.0.1', port });
      sock.once('connect', () => (sock.destroy(), resolve(true)));
      sock.once('error', () => (sock.destroy(), resolve(false)));
    });
    if (ok) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/** mcp-conform starts and stops the server itself: the measured time includes that. */
function runOurs() {
  const dir = mkdtempSync(join(tmpdir(), 'mcpc-bench-http-'));
  const report = join(dir, 'r.json');
  const started = process.hrtime.bigint();
  const r = spawnSync(
    process.execPath,
    [cli, '--server', `${process.execPath} ${everything} streamableHttp`, '--port-env', 'PORT', '--report', `json=${report}`],
    { encoding: 'utf8' },
  );
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const parsed = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : undefined;
  rmSync(dir, { recursive: true, force: true });
  if (r.status !== 0 && r.status !== 1) throw new Error(`mcp-conform exited with ${r.status}\n${r.stderr}`);
  return { ms, summary: parsed?.summary, parts: wallTimeParts(parsed, ms) };
}

/** The official CLI tests a running server: the server's start-up is included for fairness. */
async function runOfficial(node, official) {
  const port = await freePort();
  const started = process.hrtime.bigint();
  const server = spawn(process.execPath, [everything, 'streamableHttp'], { env: { ...process.env, PORT: String(port) }, stdio: 'ignore', detached: true });
  try {
    if (!(await waitListening(port, 15_000))) throw new Error('server-everything did not listen within 15 s');
    // Run in a scratch folder: the official CLI may write result files into its working directory.
    const cwd = mkdtempSync(join(tmpdir(), 'mcpc-bench-official-'));
    const r = spawnSync(node, [official, 'server', '--url', `http://127.0.0.1:${port}/mcp`], { encoding: 'utf8', timeout: 600_000, cwd });
    rmSync(cwd, { recursive: true, force: true });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    return { ms, status: r.status, tail: `${r.stdout}`.trim().split('\n').slice(-3).join(' | ') };
  } finally {
    try {
      process.kill(-server.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

const node = process.env.CONFORMANCE_NODE;
const official = process.env.CONFORMANCE_CLI;
const withOfficial = Boolean(node && official && existsSync(node) && existsSync(official));
// Runs alternate (ours, theirs, ours, ...) so that both see the same machine load: on a shared
// machine the load drifts over minutes, and back-to-back blocks would charge it to one side.
const ours = [];
const theirs = [];
let summary;
let last;
for (let i = 0; i < runs; i++) {
  const r = runOurs();
  ours.push(r.ms);
  summary = r.summary ?? summary;
  if (withOfficial) {
    last = await runOfficial(node, official);
    theirs.push(last.ms);
  }
  console.log(`run ${i + 1}: mcp-conform ${seconds(r.ms)} (${r.parts})${withOfficial ? `, official ${seconds(last.ms)}` : ''}`);
}
console.log(
  `mcp-conform (HTTP, server-everything): median ${seconds(median(ours))} over ${runs} runs; cells ${summary?.scenarios}: ${summary?.passed} passed, ${summary?.failed} failed, ${summary?.skipped} skipped, ${summary?.warnings ?? '?'} warnings`,
);
if (!withOfficial) {
  console.log('official @modelcontextprotocol/conformance: skipped (set CONFORMANCE_NODE to a Node 22 binary and CONFORMANCE_CLI to its CLI entry)');
} else {
  console.log(`official conformance (HTTP, server-everything): median ${seconds(median(theirs))} over ${runs} runs (exit ${last.status}; ${last.tail})`);
  console.log(`ratio official / mcp-conform: ${(median(theirs) / median(ours)).toFixed(2)}×`);
}
