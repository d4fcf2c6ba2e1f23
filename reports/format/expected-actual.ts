// Block (b) of a finding (DESIGN rule 5): what the rule expected, what the target did, and the
// JSON pointer into the offending message when the check knows one.
import type { CheckResult } from '../../wire/results/index.js';
import { field, type FieldOptions } from './field.js';
import type { Style } from './style.js';

/** Empty when the check recorded neither side; the message line then says it all. */
export function renderExpectedActual(check: Pick<CheckResult, 'expected' | 'actual' | 'pointer'>, style: Style, maxText?: number): string[] {
  const options: FieldOptions = maxText !== undefined ? { maxText } : {};
  return [
    ...(check.expected !== undefined ? field(style, 'expected', check.expected, options) : []),
    ...(check.actual !== undefined ? field(style, 'actual', check.actual, options) : []),
    // The empty pointer addresses the whole message; say so rather than print nothing.
    ...(check.pointer !== undefined ? field(style, 'at', check.pointer === '' ? '(the whole message)' : check.pointer, options) : []),
  ];
}
