// Shared rendering for every reporter: colours and marks, widths, the transcript window, the blocks
// of a finding (rule, expected vs actual, exchange, reproduce), output sinks and the JSON records.
export { colorWanted, createStyle, markOf, type Style } from './style.js';
export { printable } from './printable.js';
export { fitLine, indent, padEnd } from './text-width.js';
export { formatDuration, seconds } from './duration.js';
export { cellLabel } from './cell-label.js';
export { renderTranscript } from './transcript.js';
export { field } from './field.js';
export { collectHints } from './hints.js';
export { renderStderrBox } from './stderr-box.js';
export { cellFindings, cellMark, checksToExplain, needsExplaining } from './cell-findings.js';
export { renderCellExplanation } from './finding-blocks.js';
export { createSink, ReportWriteError, type OutputSink } from './output-sink.js';
export {
  footerRecord,
  headerRecord,
  REPORT_FORMAT_VERSION,
  reportDocument,
  scenarioRecord,
  type ReportDocument,
  type ReportFooter,
  type ReportHeader,
  type ReportLine,
  type ReportScenario,
} from './report-record.js';
export { groupRepeatedFindings, repeatedPhrase, type RepeatedFindings } from './repeated-findings.js';
export { baselineNote, isExpectedFailure } from './baseline-note.js';
export { firstVerdict, renderRerunBlock, rerunNote } from './rerun-note.js';
