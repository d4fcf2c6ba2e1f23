// Public surface of the HTML report.
export { HtmlReporter } from './html-reporter.js';
