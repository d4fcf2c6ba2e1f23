// Public surface of the engine.
export { runSuite, type SuiteRunOptions } from './run.js';
export { runCell, type CellEnvironment } from './run-cell.js';
export { probeRevision, type ProbeOutcome } from './probe.js';
export type { TargetProfile } from './profile.js';
export { mapOrdered } from './pool.js';
export { resourceUrls, type AuthorizationContext } from './authorization-context.js';
