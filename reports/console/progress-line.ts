// The single live line shown on a terminal while cells run: done/planned, counts so far, and the
// cell that has been running longest (others in flight are counted, not listed).
import { fitLine, type Style } from '../format/index.js';

export interface ProgressState {
  done: number;
  planned: number;
  passed: number;
  failed: number;
  skipped: number;
  errored: number;
  flaky: number;
  /** Labels of the cells in flight, oldest first. */
  running: readonly string[];
}

export function renderProgressLine(state: ProgressState, style: Style, width: number): string {
  const counts = [
    style.green(`${state.passed} passed`),
    state.failed > 0 ? style.red(`${state.failed} failed`) : `${state.failed} failed`,
    style.dim(`${state.skipped} skipped`),
    ...(state.errored > 0 ? [style.magenta(`${state.errored} errored`)] : []),
    ...(state.flaky > 0 ? [style.yellow(`${state.flaky} flaky`)] : []),
  ];
  const [first, ...others] = state.running;
  const current = first ? ` · ${style.dim('running')} ${first}${others.length > 0 ? style.dim(` +${others.length}`) : ''}` : '';
  return fitLine(`${style.bold(`${state.done}/${state.planned}`)} ${counts.join(' · ')}${current}`, Math.max(20, width - 1));
}

/** Carriage return and erase-line: the progress line is redrawn in place. */
export const CLEAR_LINE = '\r\u001b[2K';
