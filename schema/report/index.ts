// The JSON Schemas of our own reports (DESIGN rule 8): loaded from the JSON files beside this one
// and compiled with ajv, so tests and tools can check that a report is one we would write.
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { fromRoot } from '../package-root.js';

export const REPORT_SCHEMA_ID = 'urn:mcp-conform:report';
export const REPORT_LINE_SCHEMA_ID = 'urn:mcp-conform:report-line';

// ajv-formats is CommonJS; its typed plugin function is the `.default` member of the module.
const addFormats = addFormatsModule.default;

export function loadReportSchemas(): { report: Record<string, unknown>; line: Record<string, unknown>; baseline: Record<string, unknown> } {
  const read = (...path: string[]) => JSON.parse(readFileSync(fromRoot('schema', ...path), 'utf8')) as Record<string, unknown>;
  // The report's baseline block lists entries in the shape of the expected-failures file, by reference.
  return {
    report: read('report', 'report.schema.json'),
    line: read('report', 'report-line.schema.json'),
    baseline: read('scenario', 'expected-failures.schema.json'),
  };
}

export interface ReportValidators {
  /** Problems with a whole JSON report, as `<pointer> <message>`; empty when valid. */
  validateReport(value: unknown): string[];
  /** Problems with one parsed line of a JSON Lines report; empty when valid. */
  validateLine(value: unknown): string[];
}

export function createReportValidators(): ReportValidators {
  const { report, line, baseline } = loadReportSchemas();
  // Strict, so a typo in a keyword fails; but `required` inside if/then names properties declared
  // beside it, which strictRequired would reject.
  const ajv = new Ajv2020({ strict: true, strictRequired: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(baseline);
  ajv.addSchema(report);
  ajv.addSchema(line);
  const compile = (id: string) => {
    const validate = ajv.getSchema(id);
    if (!validate) throw new Error(`Failed to compile the report schema ${id}: it was not registered.`);
    return (value: unknown) => (validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? e.keyword}`));
  };
  return { validateReport: compile(REPORT_SCHEMA_ID), validateLine: compile(REPORT_LINE_SCHEMA_ID) };
}
