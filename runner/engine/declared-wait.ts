// The longest wait a scenario declares: its `timeoutMs`, or the `within` of any of its steps
// (loops included). Scenarios that wait on a target's slow work (a task, a slow tool) declare it,
// and the run starts them first, so that a few long cells do not start last and stretch the run.
import type { Scenario, Step } from '../suite-loader/types.js';

export function longestDeclaredWait(scenario: Scenario): number {
  return Math.max(scenario.timeoutMs ?? 0, ...scenario.steps.map(stepWait));
}

function stepWait(step: Step): number {
  if (step.kind === 'loop') return Math.max(0, ...step.steps.map(stepWait));
  return 'within' in step && typeof step.within === 'number' ? step.within : 0;
}
