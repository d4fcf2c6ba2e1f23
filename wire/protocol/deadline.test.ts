// A deadline whose timer fires while input is waiting to be read lets that input be read first.
import { stat } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startDeadline } from './deadline.js';

/** Keeps the event loop busy for `ms`, as other work of a loaded runner does. */
function busy(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    // spin
  }
}

describe('startDeadline', () => {
  it('expires after I/O that completed while the event loop was busy past the deadline', async () => {
    const order: string[] = [];
    await new Promise<void>((resolve) => {
      // One operation on libuv's thread pool: done during the busy spell, reported by the next poll.
      stat(new URL(import.meta.url).pathname, () => order.push('input read'));
      startDeadline(10, () => {
        order.push('deadline');
        resolve();
      });
      busy(200);
    });
    expect(order).toEqual(['input read', 'deadline']);
  });

  it('a plain timer, by contrast, fires before that input is read', async () => {
    // The behaviour the deadline exists for; if Node changed its phases, this test says so.
    const order: string[] = [];
    await new Promise<void>((resolve) => {
      stat(new URL(import.meta.url).pathname, () => {
        order.push('input read');
        if (order.length === 2) resolve();
      });
      setTimeout(() => {
        order.push('timer');
        if (order.length === 2) resolve();
      }, 10);
      busy(200);
    });
    expect(order).toEqual(['timer', 'input read']);
  });

  it('never calls back once cancelled, before or after its timer fired', async () => {
    let calls = 0;
    const cancelEarly = startDeadline(5, () => calls++);
    cancelEarly();
    await new Promise<void>((resolve) => {
      const cancelLate = startDeadline(5, () => calls++);
      setTimeout(() => {
        // The deadline's timer (due first) has fired and queued its callback: cancel it now.
        cancelLate();
        setImmediate(() => setImmediate(resolve));
      }, 5);
      busy(30);
    });
    expect(calls).toBe(0);
  });
});
