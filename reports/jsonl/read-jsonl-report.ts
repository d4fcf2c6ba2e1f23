// Reads a JSON Lines report back into one document, and refuses to vouch for it when it is not
// whole: no footer means "incomplete run" (the run was interrupted or its writer died).
import { REPORT_FORMAT_VERSION, type ReportDocument, type ReportFooter, type ReportHeader, type ReportScenario } from '../format/index.js';

export type JsonlReadResult =
  | { complete: true; report: ReportDocument }
  | {
      complete: false;
      /** `incomplete-run`: the footer is missing. `malformed`: the text is not a report we wrote. */
      reason: 'incomplete-run' | 'malformed';
      /** One sentence for people, starting with "incomplete run" or "malformed report". */
      problem: string;
      /** What could be read, never to be trusted as the run's outcome. */
      header?: ReportHeader;
      scenarios: ReportScenario[];
    };

type Parsed = Record<string, unknown> & { type?: unknown };

export function readJsonlReport(text: string): JsonlReadResult {
  const rawLines = text.split('\n');
  // The writer ends every line with a newline; a final fragment without one may be cut off.
  const unterminated = rawLines[rawLines.length - 1] !== '';
  if (!unterminated) rawLines.pop();
  let cutOff = false;
  let header: ReportHeader | undefined;
  let footer: ReportFooter | undefined;
  const scenarios: ReportScenario[] = [];
  const malformed = (problem: string): JsonlReadResult => ({
    complete: false,
    reason: 'malformed',
    problem: `malformed report: ${problem}`,
    ...(header ? { header } : {}),
    scenarios,
  });

  for (const [i, raw] of rawLines.entries()) {
    const n = i + 1;
    if (raw.trim() === '') return malformed(`line ${n} is empty`);
    let line: Parsed;
    try {
      line = JSON.parse(raw) as Parsed;
    } catch (err) {
      if (unterminated && n === rawLines.length) {
        cutOff = true;
        break;
      }
      return malformed(`line ${n} is not JSON (${(err as Error).message})`);
    }
    if (typeof line !== 'object' || line === null || Array.isArray(line)) return malformed(`line ${n} is not a JSON object`);
    if (footer) return malformed(`line ${n} follows the footer`);
    const { type, ...record } = line;
    if (n === 1) {
      if (type !== 'header') return malformed('the first line is not a header; is this an mcp-conform JSONL report?');
      if (record.formatVersion !== REPORT_FORMAT_VERSION)
        return malformed(`format version ${JSON.stringify(record.formatVersion)} is not ${REPORT_FORMAT_VERSION}, the one this reader knows`);
      header = record as unknown as ReportHeader;
    } else if (type === 'scenario') {
      scenarios.push(record as unknown as ReportScenario);
    } else if (type === 'footer') {
      footer = record as unknown as ReportFooter;
    } else {
      return malformed(`line ${n} has type ${JSON.stringify(type)}; expected "scenario" or "footer"`);
    }
  }
  if (!header) {
    return {
      complete: false,
      reason: 'incomplete-run',
      problem: 'incomplete run: the report is empty; the run did not start or its writer died at once',
      scenarios,
    };
  }
  if (!footer) {
    const partial = cutOff ? ', and its last line was cut off' : '';
    return {
      complete: false,
      reason: 'incomplete-run',
      problem: `incomplete run: the report has a header and ${scenarios.length} of ${header.planned} planned cells but no footer${partial}; the run was interrupted or its writer died, so these results are partial`,
      header,
      scenarios,
    };
  }
  if (footer.summary?.scenarios !== scenarios.length) {
    return malformed(`the footer counts ${String(footer.summary?.scenarios)} cells but ${scenarios.length} cell lines were found`);
  }
  return { complete: true, report: { ...header, ...footer, scenarios } };
}
