import { describe, expect, it } from 'vitest';
import { LineDecoder } from './line-framing.js';
import { SplitMessageDetector } from './split-message.js';

describe('SplitMessageDetector', () => {
  it('joins a pretty-printed message once its lines parse together', () => {
    const d = new SplitMessageDetector();
    const lines = JSON.stringify({ jsonrpc: '2.0', id: 1, result: {} }, null, 2).split('\n');
    const out = lines.map((l) => d.push(l));
    expect(out.slice(0, -1).every((o) => o === undefined)).toBe(true);
    expect(out.at(-1)).toMatchObject({ message: { jsonrpc: '2.0', id: 1 }, lines: lines.length });
  });

  it('ignores log text, and a run interrupted by a line that parsed alone', () => {
    const d = new SplitMessageDetector();
    expect(d.push('server starting…')).toBeUndefined();
    expect(d.push('{')).toBeUndefined();
    d.reset();
    expect(d.push('}')).toBeUndefined();
  });
});

describe('LineDecoder', () => {
  it('marks a line whose bytes are not UTF-8, and only that one', () => {
    const d = new LineDecoder(1024);
    const events = d.push(Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff]), Buffer.from('"}\n{"b":"ü"}\n')]));
    expect(events).toMatchObject([
      { kind: 'line', invalidUtf8: true },
      { kind: 'line', text: '{"b":"ü"}' },
    ]);
    expect(events[1]).not.toHaveProperty('invalidUtf8');
  });
});
