// Public surface of the JSON Lines reporter and of its reader, which refuses to trust a report
// without its footer.
export { JsonlReporter } from './jsonl-reporter.js';
