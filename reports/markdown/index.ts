// Public surface of the Markdown summary.
export { MarkdownReporter } from './markdown-reporter.js';
