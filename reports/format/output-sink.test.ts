import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryStream } from '../test-fixtures.js';
import { createSink, ReportWriteError } from './output-sink.js';

const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'mcp-conform-sink-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('output sink', () => {
  it('creates missing folders and appends every write to the file at once', () => {
    const path = join(tempDir(), 'a', 'b', 'report.txt');
    const sink = createSink({ path });
    sink.write('one\n');
    expect(readFileSync(path, 'utf8')).toBe('one\n');
    sink.write('two\n');
    expect(readFileSync(path, 'utf8')).toBe('one\ntwo\n');
  });

  it('empties a file left by an earlier run when it opens', async () => {
    const path = join(tempDir(), 'report.xml');
    writeFileSync(path, 'stale');
    const sink = createSink({ path });
    sink.open();
    expect(readFileSync(path, 'utf8')).toBe('');
    await sink.close();
  });

  it('reports an unwritable path in the project message grammar', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'file'), '');
    const sink = createSink({ path: join(dir, 'file', 'report.json') });
    expect(() => sink.open()).toThrow(ReportWriteError);
    expect(() => sink.open()).toThrow(/^Failed to write the report to .*report\.json: /);
  });

  it('writes to a stream and resolves close once written, without ending the stream', async () => {
    const stream = memoryStream();
    const sink = createSink({ stream });
    sink.write('hello\n');
    await sink.close();
    expect(stream.text()).toBe('hello\n');
    expect(stream.writable).toBe(true);
  });
});
