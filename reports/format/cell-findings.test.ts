import { describe, expect, it } from 'vitest';
import { CELLS } from '../test-fixtures.js';
import { cellFindings, cellMark, checksToExplain, needsExplaining } from './cell-findings.js';

const byLabel = (id: string, revision: string) => CELLS.find((c) => c.id === id && c.revision === revision)!;

describe('cell findings', () => {
  const warned = byLabel('tools/call-invalid-arguments', '2025-06-18');

  it('treats a broken SHOULD as a warning, and as a failure under --strict', () => {
    expect(cellFindings(warned, false).warnings).toHaveLength(1);
    expect(cellFindings(warned, false).failures).toHaveLength(0);
    expect(cellFindings(warned, true).failures).toHaveLength(1);
  });

  it('marks a passed cell with warnings as a warning, and explains it', () => {
    expect(warned.status).toBe('passed');
    expect(cellMark(warned)).toBe('warning');
    expect(needsExplaining(warned)).toBe(true);
    expect(needsExplaining(byLabel('lifecycle/ping', '2025-06-18'))).toBe(false);
  });

  it('explains errors first, then failures', () => {
    const cell = { checks: [...byLabel('lifecycle/initialize-echoes-version', '2025-06-18').checks, ...byLabel('tools/call-echo', '2025-11-25').checks] };
    expect(checksToExplain(cell, false).map((c) => c.status)).toEqual(['errored', 'failed', 'failed']);
  });
});
