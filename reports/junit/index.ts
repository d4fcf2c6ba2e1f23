// Public surface of the JUnit reporter and of its XML escaping, which tests and other writers of
// XML can reuse.
export { JunitReporter } from './junit-reporter.js';
