// The error a failed cell's test throws: its message is the console report's explanation of the
// cell (rule; expected vs actual; exchange; reproduce command), so vitest shows what the CLI shows.
import { renderCellSection } from '../../reports/console/index.js';
import { createStyle } from '../../reports/format/index.js';
import type { ScenarioResult } from '../../wire/results/index.js';

/** Longest transcript or value line before it is cut, as in a wide terminal. */
const MAX_TEXT = 160;

/** A conformance cell that failed, errored or (under strict) warned, explained in four blocks. */
export class CellFailure extends Error {
  constructor(
    /** The cell as the result model holds it. */
    readonly cell: ScenarioResult,
    strict: boolean,
  ) {
    super(renderCellSection(cell, strict, createStyle(false), MAX_TEXT).join('\n'));
    this.name = 'CellFailure';
    // The explanation is the whole story; frames inside mcp-conform would only bury it.
    this.stack = `${this.name}: ${this.message}`;
  }
}
