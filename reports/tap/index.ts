// Public surface of the TAP 14 reporter: the streaming reporter, the one-shot renderer and the
// description escaping.
export { TapReporter } from './tap-reporter.js';
