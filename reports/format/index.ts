// Shared rendering for every reporter: colours and marks, widths, the transcript window, the blocks
// of a finding (rule, expected vs actual, exchange, reproduce), output sinks and the JSON records.
export { colorWanted, createStyle, markOf, TOOL_PREFIX, type Mark, type Style } from './style.js';
export { printable } from './printable.js';
export { ELLIPSIS, fitLine, indent, padEnd, stripAnsi, truncate, visibleWidth } from './text-width.js';
export { formatDuration, seconds } from './duration.js';
export { cellLabel, DEFAULT_TRANSPORT } from './cell-label.js';
export {
  DIRECTION_MARKS,
  renderTranscript,
  transcriptWindow,
  type RenderTranscriptOptions,
  type TranscriptWindowOptions,
  type WindowRow,
} from './transcript.js';
export { field, LABEL_WIDTH, type FieldOptions } from './field.js';
export { renderRuleBlock } from './rule-block.js';
export { renderExpectedActual } from './expected-actual.js';
export { renderReproLine } from './repro-line.js';
export { collectHints, renderHints } from './hints.js';
export { renderStderrBox } from './stderr-box.js';
export { cellFindings, cellMark, checksToExplain, needsExplaining, type CellFindings } from './cell-findings.js';
export { renderCellExplanation, renderFinding, type FindingOptions } from './finding-blocks.js';
export { createSink, ReportWriteError, type OutputSink } from './output-sink.js';
export {
  checkRecord,
  footerRecord,
  headerRecord,
  REPORT_FORMAT_VERSION,
  reportDocument,
  scenarioRecord,
  type ReportCheck,
  type ReportDocument,
  type ReportFooter,
  type ReportHeader,
  type ReportLine,
  type ReportScenario,
} from './report-record.js';
export { findingSignature, groupRepeatedFindings, repeatedPhrase, type RepeatedFinding, type RepeatedFindings } from './repeated-findings.js';
export { baselineNote, isExpectedFailure } from './baseline-note.js';
