import { describe, expect, it } from 'vitest';
import { ExclusiveGate } from './exclusive-gate.js';

/** A job that records when it starts and ends, and ends when told to. */
function job(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    run: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
    },
    finish: () => finish(),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('ExclusiveGate', () => {
  it('runs shared jobs together and an alone job only when nothing else runs', async () => {
    const gate = new ExclusiveGate();
    const log: string[] = [];
    const a = job(log, 'a');
    const b = job(log, 'b');
    const alone = job(log, 'alone');
    const c = job(log, 'c');
    const runs = [gate.run(false, a.run), gate.run(false, b.run), gate.run(true, alone.run), gate.run(false, c.run)];
    await tick();
    expect(log).toEqual(['start a', 'start b']);
    a.finish();
    await tick();
    expect(log).toEqual(['start a', 'start b', 'end a']);
    b.finish();
    await tick();
    expect(log.slice(3)).toEqual(['end b', 'start alone']);
    alone.finish();
    await tick();
    expect(log.slice(5)).toEqual(['end alone', 'start c']);
    c.finish();
    await Promise.all(runs);
    expect(log.at(-1)).toBe('end c');
  });

  it('lets the next job in when a job fails', async () => {
    const gate = new ExclusiveGate();
    await expect(gate.run(true, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run(true, async () => 'ran')).resolves.toBe('ran');
  });
});
