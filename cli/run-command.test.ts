// runCommand starts a --port-env server before the scenarios load (so that the two overlap), or
// takes the one main.ts started before the engine loaded; a run that ends before any cell must
// still stop it, not leave it to the exit-time safety net.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { liveProcessGroups, quoteWord } from '../wire/transports/index.js';
import { startServerEarly } from './early-server.js';
import { buildProgram, type CliOptions } from './program.js';
import { runCommand } from './run-command.js';
import { UsageError } from './usage-error.js';

const scratch = mkdtempSync(join(tmpdir(), 'mcpc-run-command-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function options(argv: string[]): CliOptions {
  const program = buildProgram('0.0.0-test');
  program.parse(argv, { from: 'user' });
  return program.opts<CliOptions>();
}

/**
 * Flags of a run over HTTP whose server writes its pid to `pidFile`, selecting no scenario. The
 * server never answers a request (and with `listens: false` never listens), and --timeout is beyond
 * the tests' own: a run that waited for its wire detection (bounded by --timeout) or for the server
 * to listen (twice that) before saying that no scenario matches would outlast the test.
 */
function serverWithoutScenarios(pidFile: string, listens = true): CliOptions {
  const serve = listens ? `require('http').createServer().listen(Number(process.env.PORT), '127.0.0.1')` : 'setInterval(() => {}, 1000)';
  const script = `require('fs').writeFileSync(${JSON.stringify(pidFile)}, String(process.pid)); ${serve}`;
  return options([
    '--server',
    `${quoteWord(process.execPath)} -e ${quoteWord(script)}`,
    '--port-env',
    'PORT',
    '--timeout',
    '60000',
    '--scenario',
    'no-such-scenario-anywhere',
  ]);
}

describe('runCommand with a server it starts (--server --port-env)', () => {
  it('stops the server when no scenario matches', { timeout: 30_000 }, async () => {
    const pidFile = join(scratch, 'pid');
    const opts = serverWithoutScenarios(pidFile);
    await expect(runCommand(opts, '0.0.0-test')).rejects.toThrow(UsageError);
    expect(liveProcessGroups()).toEqual([]);
    // The run may end (and stop the server) before the server got as far as writing its pid.
    if (existsSync(pidFile)) expect(() => process.kill(Number(readFileSync(pidFile, 'utf8')), 0)).toThrow(/ESRCH/);
  });

  it('stops a server started early (before the engine loaded) when no scenario matches', { timeout: 30_000 }, async () => {
    const pidFile = join(scratch, 'early-pid');
    const opts = serverWithoutScenarios(pidFile);
    const started = startServerEarly(opts);
    expect(started, 'the flags ask for an early start').toBeDefined();
    await started!.server;
    await expect(runCommand(opts, '0.0.0-test', started)).rejects.toThrow(UsageError);
    expect(liveProcessGroups()).toEqual([]);
    expect(() => process.kill(Number(readFileSync(pidFile, 'utf8')), 0)).toThrow(/ESRCH/);
  });

  it('stops a server started early that has not listened yet, without waiting for it to', { timeout: 30_000 }, async () => {
    const pidFile = join(scratch, 'never-pid');
    const opts = serverWithoutScenarios(pidFile, false);
    const started = startServerEarly(opts);
    expect(started, 'the flags ask for an early start').toBeDefined();
    // Its process has run far enough to write its pid (bounded).
    for (const deadline = Date.now() + 10_000; !existsSync(pidFile) && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 20));
    await expect(runCommand(opts, '0.0.0-test', started)).rejects.toThrow(UsageError);
    expect(liveProcessGroups()).toEqual([]);
    expect(() => process.kill(Number(readFileSync(pidFile, 'utf8')), 0)).toThrow(/ESRCH/);
  });
});
