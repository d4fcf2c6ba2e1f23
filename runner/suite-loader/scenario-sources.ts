// Remembers where each loaded Scenario came from (its YAML tree), so checks that run on typed
// scenarios later (cross-file lint) can still point at a line without widening the Scenario type.
import type { Position } from '../../schema/scenario/index.js';
import type { Scenario } from './types.js';

type Locate = (pointer: string, key?: string) => Position;

const sources = new WeakMap<Scenario, Locate>();

export function rememberSource(scenario: Scenario, locate: Locate): void {
  sources.set(scenario, locate);
}

/** Position of a pointer in the scenario's file; line 1 for scenarios built in memory. */
export function locateIn(scenario: Scenario, pointer: string, key?: string): Position {
  return sources.get(scenario)?.(pointer, key) ?? { line: 1, column: 1 };
}
