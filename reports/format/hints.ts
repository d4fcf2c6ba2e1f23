// Numbered hints after a finding: collected from every check of a cell, duplicates dropped, in the
// order the checks raised them.
import type { CheckResult } from '../../wire/results/index.js';
import { printable } from './printable.js';
import type { Style } from './style.js';

export function collectHints(checks: readonly Pick<CheckResult, 'hints'>[]): string[] {
  return [...new Set(checks.flatMap((c) => c.hints ?? []))];
}

export function renderHints(hints: readonly string[], style: Style): string[] {
  if (hints.length === 0) return [];
  return [style.dim('hints'), ...hints.map((h, i) => `  ${i + 1}. ${printable(h)}`)];
}
