import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, onFreePort, portInUse } from './free-port.js';

const held: Server[] = [];
/** A loopback port this test holds, as another process on the machine would. */
async function takenPort(): Promise<number> {
  const server = createServer();
  held.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
}
afterEach(async () => {
  await Promise.all(held.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A start that fails on the ports in `taken`, as a server fails to bind a port another process holds. */
function starter(taken: Set<number>) {
  const tried: number[] = [];
  const start = async (port: number) => {
    tried.push(port);
    if (taken.has(port)) throw new Error(`listen EADDRINUSE 127.0.0.1:${port}`);
    return `listening on ${port}`;
  };
  return { tried, start };
}

describe('a port for a started server', () => {
  it('tells a port another process holds from a free one', async () => {
    expect(await portInUse(await takenPort())).toBe(true);
    expect(await portInUse(await freePort())).toBe(false);
  });

  it('starts again on a fresh port when the first was taken meanwhile', async () => {
    const taken = await takenPort();
    const ports = [taken];
    const { tried, start } = starter(new Set([taken]));
    const started = await onFreePort(start, { pick: async () => ports.shift() ?? freePort() });
    expect(tried).toHaveLength(2);
    expect(started.port).not.toBe(taken);
    expect(started.value).toBe(`listening on ${started.port}`);
  });

  it('starts again when the failure says the port was taken, though it is free by now', async () => {
    const first = await freePort();
    const tried: number[] = [];
    const start = async (port: number) => {
      tried.push(port);
      if (port === first) throw new Error(`exited (code 1) before listening\n    | Error: listen EADDRINUSE: address already in use 127.0.0.1:${port}`);
      return 'ok';
    };
    const ports = [first];
    const started = await onFreePort(start, { pick: async () => ports.shift() ?? freePort() });
    expect(tried).toHaveLength(2);
    expect(started.value).toBe('ok');
  });

  it('reports a failure on a free port at once: it is the server’s own', async () => {
    const { tried } = starter(new Set());
    const failing = async (port: number) => {
      tried.push(port);
      throw new Error('exited (code 1) before listening');
    };
    await expect(onFreePort(failing)).rejects.toThrow('before listening');
    expect(tried).toHaveLength(1);
  });

  it('gives up after three ports, and at once when the caller no longer wants the server', async () => {
    const taken = [await takenPort(), await takenPort(), await takenPort(), await takenPort()];
    const all = starter(new Set(taken));
    const queue = [...taken];
    await expect(onFreePort(all.start, { pick: async () => queue.shift()! })).rejects.toThrow('EADDRINUSE');
    expect(all.tried).toEqual(taken.slice(0, 3));
    const once = starter(new Set(taken));
    await expect(onFreePort(once.start, { pick: async () => taken[0]!, retry: () => false })).rejects.toThrow('EADDRINUSE');
    expect(once.tried).toHaveLength(1);
  });
});
