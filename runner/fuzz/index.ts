// Public surface of the fuzzer: arbitraries, properties, the run loop and the counterexample writer.
export type { FuzzInput, RequestInput, NotificationInput, RawInput, HttpInput, BytesInput, HttpExpectation, Violation } from './fuzz-input.js';
export { fuzzInputArbitrary, runFuzz, type Framing, type FuzzOptions, type FuzzOutcome, type FuzzFailure, type FuzzWarning } from './run-fuzz.js';
export { prepareTarget, type PreparedTarget, type PrepareResult } from './prepare-target.js';
export { counterexampleScenario, counterexampleYaml, type CounterexampleMeta } from './counterexample-scenario.js';
export { violationsOf, PROPERTIES, type Observation } from './properties.js';
export { toolCallArbitrary } from './tool-call-arbitrary.js';
export { protocolRequestArbitrary, notificationArbitrary } from './protocol-arbitrary.js';
export { framingArbitrary } from './framing-arbitrary.js';
export { httpFramingArbitrary } from './http-framing-arbitrary.js';
export { invalidUtf8Arbitrary } from './invalid-utf8-arbitrary.js';
