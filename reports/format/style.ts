// The one place that owns colours, status marks and the `mcp-conform:` prefix for human output.
// Every reporter paints through a Style, so turning colour off (flag, NO_COLOR, file) is one switch.
import pc from 'picocolors';
import type { CheckStatus, ScenarioStatus } from '../../wire/results/index.js';

type Paint = (text: string) => string;

/** What a line can be marked as: a cell verdict, a check verdict, or a cell that passed with warnings. */
export type Mark = ScenarioStatus | CheckStatus;

export interface Style {
  readonly color: boolean;
  red: Paint;
  green: Paint;
  yellow: Paint;
  cyan: Paint;
  magenta: Paint;
  dim: Paint;
  bold: Paint;
  /** The symbol for a verdict, painted in its colour: ✓ ✗ ! - E ~ i B. */
  mark(status: Mark): string;
  /** Paints any text in the colour of a verdict. */
  paint(status: Mark, text: string): string;
  /** Prefix for messages that come from the tool itself rather than from a report section. */
  prefix(): string;
}

const MARKS: Record<Mark, string> = {
  passed: '✓',
  failed: '✗',
  warning: '!',
  skipped: '-',
  errored: 'E',
  flaky: '~',
  info: 'i',
  'runner-bug': 'B',
};

const TOOL_PREFIX = 'mcp-conform:';

/** Colours are on only when asked for (or when writing to a terminal) and NO_COLOR is unset or
 * empty, as https://no-color.org asks. */
export function colorWanted(option: boolean | undefined, isTTY: boolean, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return option ?? isTTY;
}

export function createStyle(color: boolean): Style {
  const c = pc.createColors(color);
  const byStatus: Record<Mark, Paint> = {
    passed: c.green,
    failed: c.red,
    warning: c.yellow,
    skipped: c.dim,
    errored: c.magenta,
    flaky: c.yellow,
    info: c.cyan,
    'runner-bug': c.magenta,
  };
  return {
    color,
    red: c.red,
    green: c.green,
    yellow: c.yellow,
    cyan: c.cyan,
    magenta: c.magenta,
    dim: c.dim,
    bold: c.bold,
    mark: (status) => byStatus[status](MARKS[status]),
    paint: (status, text) => byStatus[status](text),
    prefix: () => c.bold(TOOL_PREFIX),
  };
}

/** The bare symbol for a verdict, for formats that never carry colour. */
export function markOf(status: Mark): string {
  return MARKS[status];
}
