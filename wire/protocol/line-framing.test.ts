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
      { kind: 'overlong', prefix: 'xxxxxxxxxx', bytes: 27 },
      { kind: 'line', text: 'ok' },
    ]);
  });
});
