// A fault of mcp-conform itself (an exception in the engine, a check or a matcher) becomes a
// `runner-bug` check on the cell it happened in: never blamed on the target, never a crash that
// loses the other cells' results and the reports.
import type { CheckResult, RuleRef } from '../../wire/results/index.js';

/** Not a rule of the specification: stands where a check needs a rule, so reports can show the fault. */
const RUNNER_FAULT_RULE: RuleRef = {
  id: 'mcp-conform.runner-fault',
  level: 'MAY',
  section: 'mcp-conform itself (not a rule of the specification)',
  url: 'https://www.npmjs.com/package/mcp-conform',
  summary: 'mcp-conform failed while judging this cell; the target is not blamed',
};

/** One line naming the fault, with the first frame that is ours, for the report and the bug report. */
export function describeFault(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const frame = err.stack
    ?.split('\n')
    .slice(1)
    .find((line) => line.includes('/runner/') || line.includes('/wire/'))
    ?.trim();
  return `${err.name}: ${err.message}${frame ? ` (${frame})` : ''}`;
}

export function runnerFaultCheck(err: unknown, during: string): CheckResult {
  return {
    id: 'runner/fault',
    rule: RUNNER_FAULT_RULE,
    status: 'runner-bug',
    message: `mcp-conform failed while ${during}: ${describeFault(err)}`,
    hints: ['this is a defect in mcp-conform, not in the target: please report it with the command below and this message'],
  };
}
