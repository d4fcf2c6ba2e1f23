// The reader of user-named files says why a path cannot be used instead of hanging, aborting or
// calling everything "does not exist".
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readUserFile } from './read-user-file.js';

const work = mkdtempSync(join(tmpdir(), 'mcpc-user-file-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('readUserFile', () => {
  it('returns the text of a regular file', () => {
    const file = join(work, 'a.yaml');
    writeFileSync(file, 'id: x\n');
    expect(readUserFile(file, 'a scenario file')).toEqual({ ok: true, text: 'id: x\n' });
  });

  it('names a missing file, a directory and an oversized file', () => {
    expect(readUserFile(join(work, 'nope.yaml'), 'a scenario file')).toMatchObject({ ok: false, reason: 'missing' });
    expect(readUserFile(work, 'a scenario file')).toMatchObject({ ok: false, reason: 'directory', message: `${work} is a directory, not a scenario file.` });
    const big = join(work, 'big.yaml');
    writeFileSync(big, 'x'.repeat(2048));
    expect(readUserFile(big, 'a baseline', 1024)).toMatchObject({ ok: false, reason: 'too-large' });
  });

  // Character devices exist at these paths on Linux and macOS; elsewhere there is nothing to judge.
  it.skipIf(!existsSync('/dev/zero'))('refuses a device without reading it (reading /dev/zero never ends)', () => {
    const started = Date.now();
    expect(readUserFile('/dev/zero', 'a baseline')).toMatchObject({ ok: false, reason: 'not-regular' });
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
