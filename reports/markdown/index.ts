// Public surface of the Markdown summary.
export { MarkdownReporter, renderMarkdownSummary } from './markdown-reporter.js';
