// Module surface of the vitest adapter: conformance cells as vitest tests. vitest is imported only
// here, so the rest of the package does not need it.
export { describeConformance, describeClientConformance } from './describe-conformance.js';
export { CellFailure } from './cell-failure.js';
export { cellTitle } from './cell-title.js';
