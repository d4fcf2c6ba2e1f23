// The unit and contract files that start processes run in a process of their own (vitest.config.ts,
// test/starts-processes.ts): a new such file must join the list, and the list names only such files.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { STARTS_PROCESS_TEXT, STARTS_PROCESSES } from './starts-processes.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SKIPPED = new Set(['node_modules', 'dist', 'examples', '.git']);

/** Every test file outside test/integration (whose files all run in processes of their own), relative to the root. */
function unitTestFiles(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) || path === join(ROOT, 'test', 'integration') ? [] : unitTestFiles(path);
    return entry.name.endsWith('.test.ts') ? [relative(ROOT, path).split('\\').join('/')] : [];
  });
}

describe('test pools', () => {
  it('runs every unit file that starts processes in a process of its own, and only those', () => {
    const starting = unitTestFiles()
      .filter((file) => STARTS_PROCESS_TEXT.test(readFileSync(join(ROOT, file), 'utf8')))
      .sort();
    expect(starting.length).toBeGreaterThan(0);
    expect([...STARTS_PROCESSES].sort(), 'add the file to test/starts-processes.ts (or drop one that no longer starts processes)').toEqual(starting);
  });
});
