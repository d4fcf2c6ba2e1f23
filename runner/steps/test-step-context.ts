// For the step executors' unit tests: a step context with every field a step reads, graded at one
// level, so that each test names only what it is about (the session, the scenario, the bound).
import type { Level } from '../../wire/results/index.js';
import type { Scenario } from '../suite-loader/types.js';
import type { StepContext } from './context.js';

interface TestContextOptions {
  scenario: { id: string; rules: string[]; file?: string };
  session: unknown;
  /** The level of every rule the context grades. */
  level: Level;
  timeoutMs?: number;
  transport?: string;
  vars?: Record<string, unknown>;
}

export function stepContext(options: TestContextOptions): StepContext {
  const { level } = options;
  return {
    scenario: options.scenario as Scenario,
    revision: '2025-11-25',
    transport: options.transport ?? 'stdio',
    session: options.session,
    vars: options.vars ?? {},
    labels: new Map(),
    consumed: new Set(),
    unobserved: new Map(),
    withheld: new Map(),
    checks: [],
    seed: 1,
    timeoutMs: options.timeoutMs ?? 2000,
    validators: {},
    rules: { ruleRef: (id: string) => ({ id, level, revision: '2025-11-25', section: 's', url: 'u', summary: 'x' }) },
  } as unknown as StepContext;
}
