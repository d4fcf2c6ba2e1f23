// Public surface of the console reporter: the reporter class and the renderers of its sections,
// each usable on its own in tests.
export { ConsoleReporter, type ConsoleReporterOptions } from './console-reporter.js';
export { renderCellLine, renderCheckLines } from './cell-line.js';
export { renderProgressLine, CLEAR_LINE, type ProgressState } from './progress-line.js';
export { renderAreaSummary, renderEnding, renderRecap, renderSkipped, renderTotals } from './summary.js';
export { renderCellSection } from './cell-section.js';
