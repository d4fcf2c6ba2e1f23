// Public surface of the engine.
export { runSuite, type SuiteRunOptions } from './run.js';
export { probeRevision } from './probe.js';
export { mapOrdered } from './pool.js';
export { resourceUrls, type AuthorizationContext } from './authorization-context.js';
export { DEFAULT_RETRIES, RerunQueue } from './rerun.js';
