// Public surface of the fuzzer: arbitraries, properties, the run loop and the counterexample writer.
export type { Violation } from './fuzz-input.js';
export { callableTools, runFuzz, type Framing, type FuzzOutcome, type FuzzFailure } from './run-fuzz.js';
export { prepareTarget } from './prepare-target.js';
export { counterexampleYaml } from './counterexample-scenario.js';
