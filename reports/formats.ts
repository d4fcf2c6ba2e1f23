// The names of the report formats, apart from the reporters themselves: the command line checks
// `--report` against them before a run starts, and loading every reporter for that would delay the
// start (a server the run starts is started as soon as the flags are parsed).

export type ReportFormat = 'console' | 'json' | 'jsonl' | 'junit' | 'tap' | 'html' | 'markdown';

/** Every report format a reporter can be built for, by name (`--report FORMAT`, `{ format }` in the API). */
export const REPORT_FORMATS: readonly ReportFormat[] = ['console', 'json', 'jsonl', 'junit', 'tap', 'html', 'markdown'];
