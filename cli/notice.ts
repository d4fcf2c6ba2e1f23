// How the command line tells the user something about a run that is not a finding (how a target is
// reached, what a flag led to): one line on stderr, after the tool's name, apart from the reports.

export function printNotice(text: string): void {
  process.stderr.write(`mcp-conform: ${text}\n`);
}
