// Public surface of the HTML report.
export { HtmlReporter, renderHtmlReport } from './html-reporter.js';
