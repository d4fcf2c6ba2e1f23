// The early start of a run's HTTP server: only for a plain server run over HTTP, from the launch
// the run itself would use (so that the run takes it), and always stopped by the command line.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverStartupMs } from '../wire/transports/http/managed-server.js';
import { quoteWord } from '../wire/transports/index.js';
import { startServerEarly, stopEarlyServer } from './early-server.js';
import { httpTargetSpec } from './http-target.js';
import { NO_FLAGS } from './test-cli-options.js';

const dir = mkdtempSync(join(tmpdir(), 'mcp-conform-early-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const script = join(dir, 'server.mjs');
writeFileSync(script, `import http from 'node:http';\nhttp.createServer((q, s) => s.end('ok')).listen(Number(process.env.PORT), '127.0.0.1');\n`);

const base = NO_FLAGS;
const launch = { ...base, server: [process.execPath, script].map(quoteWord).join(' '), portEnv: 'PORT' };

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('startServerEarly', () => {
  it('starts nothing unless the flags plainly ask for a server run over HTTP', () => {
    expect(startServerEarly(base)).toBeUndefined();
    expect(startServerEarly({ ...base, server: 'node s.js' })).toBeUndefined();
    expect(startServerEarly({ ...launch, list: true })).toBeUndefined();
    expect(startServerEarly({ ...launch, client: 'node c.js {command}' })).toBeUndefined();
    // The mock authorization server's issuer goes in the server's environment, known only later.
    expect(startServerEarly({ ...launch, authMock: 0 })).toBeUndefined();
    expect(startServerEarly({ ...launch, server: '  ' })).toBeUndefined();
  });

  it('starts the server the run would start, which the command line then stops', { timeout: 30_000 }, async () => {
    const opts = { ...launch, cwd: dir, env: [['A', '1']] as [string, string][], timeout: 8000 };
    const started = startServerEarly(opts);
    expect(started).toBeDefined();
    // The very launch and start-up bound the run computes from the same flags (open-http-target.ts).
    expect(started!.launch).toEqual(httpTargetSpec(opts)!.launch);
    expect(started!.startupMs).toBe(serverStartupMs(8000));
    await started!.spawned;
    const server = await started!.server;
    expect(await accepts(server.port)).toBe(true);
    await stopEarlyServer(started);
    await stopEarlyServer(started); // stopping twice is stopping once
    expect(await accepts(server.port)).toBe(false);
  });

  it('holds a server that fails to start for the run to report, without an unhandled rejection', async () => {
    const started = startServerEarly({ ...launch, server: join(dir, 'no-such-command') });
    await started!.spawned;
    await expect(started!.server).rejects.toThrow(/not found/);
    await stopEarlyServer(started);
  });
});
