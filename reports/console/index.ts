// Public surface of the console reporter: the reporter class and the renderers of its sections,
// each usable on its own in tests.
export { ConsoleReporter } from './console-reporter.js';
export { renderCellSection } from './cell-section.js';
