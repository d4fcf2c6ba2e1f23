// Console rendering of a fuzz outcome, in fast-check's order: headline, seed and path, the shrunk
// input, the rule each violation breaks, the exchange, where the scenario was saved, how to replay.
import { createStyle, field, renderTranscript, type Style } from '../reports/format/index.js';
import type { RulesCatalogue } from '../schema/rules.js';
import type { FuzzFailure, FuzzOutcome } from '../runner/fuzz/index.js';

export interface FuzzPrintContext {
  target: string;
  tools: number;
  /** Tools listed but not called (not declared harmless, or --skip-tool). */
  uncalled?: number;
  color: boolean;
  rules: RulesCatalogue;
  savedTo?: string;
  replay?: string;
  searchReplay: string;
}

export function renderFuzzOutcome(outcome: FuzzOutcome, ctx: FuzzPrintContext): string[] {
  const style: Style = createStyle(ctx.color);
  const speed = `${outcome.cases} inputs in ${(outcome.durationMs / 1000).toFixed(1)} s (${outcome.casesPerSecond}/s)`;
  // The seed itself is printed before the run starts (fuzz-command.ts), so even a crash shows it.
  const uncalled = ctx.uncalled
    ? ` (${ctx.uncalled} not called: skipped, or not declared read-only or non-destructive; --tools all or --tool NAME calls them)`
    : '';
  const lines = [...field(style, 'target', `${ctx.target} at ${outcome.revision}, ${ctx.tools} tools${uncalled}`)];
  const failure = outcome.failure;
  for (const w of outcome.warnings) {
    const rule = ctx.rules.ruleRef(w.violation.ruleId, outcome.revision);
    lines.push(
      `${style.mark('warning')} ${style.bold(rule.id)} (${style.yellow(rule.level)}) broken by ${w.count} input${w.count === 1 ? '' : 's'}; first: ${w.input.label}`,
    );
    lines.push(...field(style, 'actual', w.violation.detail));
    lines.push(...field(style, 'summary', rule.summary, { trusted: true }));
  }
  if (!failure) {
    const verdict = outcome.warnings.length > 0 ? `no MUST-level property violated (${outcome.warnings.length} SHOULD-level above)` : 'no property violated';
    lines.push(`${style.mark('passed')} ${speed}${outcome.interrupted ? ' (time budget reached)' : ''}: ${verdict}, ${outcome.targetStarts - 1} restarts`);
    return lines;
  }
  const worst = failure.violations.some((v) => ctx.rules.get(v.ruleId)?.level === 'MUST') ? 'failed' : 'warning';
  lines.push(`${style.mark(worst)} ${style.bold('Property failed')} after ${speed}; shrunk ${failure.shrinks} times`);
  lines.push(...field(style, 'replay', `seed ${outcome.seed}, path ${failure.path}: ${ctx.searchReplay}`, { trusted: true }));
  lines.push(...field(style, 'input', failure.input.label));
  for (const w of failure.wire.writes) lines.push(...field(style, '', `→ ${describeWrite(w)}`));
  if (!failure.reproducible)
    lines.push(
      ...field(
        style,
        'note',
        'the input broke the rules below during the search but none when replayed alone on a fresh target: the failure depends on earlier inputs',
      ),
    );
  for (const v of failure.violations) {
    const rule = ctx.rules.ruleRef(v.ruleId, outcome.revision);
    const level = rule.level === 'MUST' ? style.red(rule.level) : style.yellow(rule.level);
    lines.push(...field(style, 'rule', `${style.bold(rule.id)} (${level}, revision ${outcome.revision})`, { trusted: true }));
    lines.push(...field(style, 'section', `${rule.section} ${style.cyan(rule.url)}`, { trusted: true }));
    lines.push(...field(style, 'summary', rule.summary, { trusted: true }));
    lines.push(...field(style, 'actual', v.detail));
  }
  lines.push(...field(style, 'exchange', ''), ...renderTranscript(failure.transcript, { style, full: true }).map((l) => `    ${l}`));
  if (failure.stderr.length > 0) lines.push(...field(style, 'stderr', failure.stderr.slice(-5).join('\n')));
  if (ctx.savedTo) lines.push(...field(style, 'saved', ctx.savedTo));
  if (ctx.replay) lines.push(...field(style, 'reproduce', ctx.replay, { trusted: true }));
  const hints = hintsFor(failure.violations.map((v) => v.property));
  hints.forEach((h, i) => lines.push(`  ${i + 1}. ${h}`));
  return lines;
}

function describeWrite(w: FuzzFailure['wire']['writes'][number]): string {
  const text = w.text.length > 200 ? `${w.text.slice(0, 200)}… (${w.text.length} characters)` : w.text;
  if (w.bytes) return `bytes ${text}`;
  if (!w.http) return text;
  const headers = Object.entries(w.http.headers).map(([name, value]) => (value === null ? `without ${name}` : `${name}: ${value}`));
  return [w.http.method, ...headers, text === '' ? '(empty body)' : text].join('  ');
}

function hintsFor(properties: string[]): string[] {
  const hints: string[] = [];
  if (properties.includes('stays-alive'))
    hints.push('the server exited on this input: catch errors per request and answer with a JSON-RPC error instead of exiting');
  if (properties.includes('exactly-once')) hints.push('look for a code path that writes a response and then falls through to a second write');
  if (properties.includes('invalid-params-code'))
    hints.push('validate arguments before running the tool and answer -32602 (or, from 2025-11-25, a result with isError: true)');
  if (properties.includes('stdout-only-messages')) hints.push('log to stderr: stdout carries protocol messages only');
  if (properties.includes('no-server-error') || properties.includes('http-answered')) {
    hints.push('check the request before handling it: answer input you cannot accept with a 4xx status (400, 406, 415) instead of failing on it');
  }
  if (properties.includes('client-error-status') || properties.includes('error-body'))
    hints.push('validate the headers and the body before dispatching; the rule above names the status the spec gives');
  return hints;
}
