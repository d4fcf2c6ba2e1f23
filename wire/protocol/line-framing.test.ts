import { describe, expect, it } from 'vitest';
import { LineDecoder } from './line-framing.js';

describe('LineDecoder', () => {
  it('joins lines split across chunks and splits lines joined in one chunk', () => {
    const d = new LineDecoder(1000);
    expect(d.push(Buffer.from('{"a":'))).toEqual([]);
    expect(d.push(Buffer.from('1}\n{"b":2}\n{"c"'))).toEqual([
      { kind: 'line', text: '{"a":1}' },
      { kind: 'line', text: '{"b":2}' },
    ]);
    expect(d.end()).toEqual([{ kind: 'line', text: '{"c"' }]);
  });

  it('decodes multi-byte UTF-8 split across chunks', () => {
    const d = new LineDecoder(1000);
    const bytes = Buffer.from('"héllo ✓"\n');
    expect([...d.push(bytes.subarray(0, 3)), ...d.push(bytes.subarray(3))]).toEqual([{ kind: 'line', text: '"héllo ✓"' }]);
  });

  it('reports an overlong line once, with its size, and recovers at the next newline', () => {
    const d = new LineDecoder(10);
    const events = [...d.push(Buffer.from('x'.repeat(25))), ...d.push(Buffer.from('yy\nok\n'))];
    expect(events).toEqual([
      { kind: 'overlong', prefix: 'x'.repeat(25), bytes: 27 },
      { kind: 'line', text: 'ok' },
    ]);
  });

  it('reads a 50 MB line in 64 KiB chunks in linear time and memory', () => {
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const chunks = Math.ceil((50 * 1024 * 1024) / chunk.length);
    const d = new LineDecoder(64 * 1024 * 1024);
    const started = process.cpuUsage();
    for (let i = 0; i < chunks; i++) expect(d.push(chunk)).toEqual([]);
    const [line] = d.push(Buffer.from('\n'));
    const cpuMs = (process.cpuUsage(started).user + process.cpuUsage(started).system) / 1000;
    expect(line).toMatchObject({ kind: 'line' });
    expect(line!.kind === 'line' && line!.text.length).toBe(chunks * chunk.length);
    // Re-scanning the growing line at each chunk (800 chunks) would cost about 400 times this.
    expect(cpuMs).toBeLessThan(3000);
  });

  it('skips a line over the limit without keeping it, and says how long it was', () => {
    const d = new LineDecoder(1024 * 1024);
    const chunk = Buffer.alloc(64 * 1024, 0x62);
    for (let i = 0; i < 100; i++) expect(d.push(chunk)).toEqual([]);
    expect(d.push(Buffer.from('\n{}\n'))).toEqual([
      { kind: 'overlong', prefix: 'b'.repeat(200), bytes: 100 * 64 * 1024 },
      { kind: 'line', text: '{}' },
    ]);
  });
});
