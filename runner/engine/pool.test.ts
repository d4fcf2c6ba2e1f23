import { describe, expect, it } from 'vitest';
import { mapOrdered } from './pool.js';

describe('mapOrdered', () => {
  it('hands results over in input order whatever the completion order, with bounded concurrency', async () => {
    let running = 0;
    let peak = 0;
    const seen: number[] = [];
    const delays = [30, 5, 20, 1, 10, 2];
    const results = await mapOrdered(
      delays,
      3,
      async (ms, i) => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, ms));
        running--;
        return i * 10;
      },
      (r) => {
        seen.push(r);
      },
    );
    expect(results).toEqual([0, 10, 20, 30, 40, 50]);
    expect(seen).toEqual([0, 10, 20, 30, 40, 50]);
    expect(peak).toBe(3);
  });

  it('starts tasks in the given order and still hands results over in input order', async () => {
    const started: number[] = [];
    const seen: number[] = [];
    const results = await mapOrdered(
      ['a', 'b', 'c', 'd'],
      1,
      async (x, i) => {
        started.push(i);
        return x;
      },
      (r) => void seen.push(r.charCodeAt(0) - 97),
      undefined,
      [3, 1, 0, 2],
    );
    expect(started).toEqual([3, 1, 0, 2]);
    expect(results).toEqual(['a', 'b', 'c', 'd']);
    expect(seen).toEqual([0, 1, 2, 3]);
  });

  it('stops scheduling when aborted and returns only the contiguous finished prefix', async () => {
    const ac = new AbortController();
    const results = await mapOrdered(
      [1, 2, 3, 4, 5],
      1,
      async (x) => {
        if (x === 2) ac.abort();
        return x;
      },
      () => undefined,
      ac.signal,
    );
    expect(results).toEqual([1, 2]);
  });
});
