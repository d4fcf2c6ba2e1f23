import { describe, expect, it } from 'vitest';
import { createReportValidators, loadReportSchemas, REPORT_LINE_SCHEMA_ID, REPORT_SCHEMA_ID } from './index.js';

// Real reporter output is validated by the reporters' own tests (reports/json, reports/jsonl);
// these cases prove the schemas reject what they must, so those tests mean something.
const validators = createReportValidators();

const header = {
  formatVersion: 2,
  tool: { name: 'mcp-conform', version: '0.1.0' },
  target: { kind: 'stdio', command: 'node server.js' },
  revisions: ['2025-06-18'],
  startedAt: '2025-07-01T10:00:00.000Z',
  strict: false,
  planned: 1,
};
const summary = { scenarios: 1, passed: 0, failed: 0, skipped: 1, errored: 0, flaky: 0, warnings: 0, durationMs: 5 };
const scenario = {
  id: 'tools/list',
  title: 'Tools are listed',
  area: 'tools',
  revision: '2025-06-18',
  transport: 'stdio',
  status: 'skipped',
  skipReason: 'the target offers no tools',
  durationMs: 0,
  repro: 'npx mcp-conform --scenario tools/list --revision 2025-06-18',
  tags: [],
  checks: [],
  transcript: [],
  stderr: [],
};
const doc = { ...header, endReason: 'passed', summary, scenarios: [scenario] };

describe('report schemas', () => {
  it('are JSON Schema 2020-12 documents with stable ids', () => {
    const { report, line } = loadReportSchemas();
    expect(report.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(report.$id).toBe(REPORT_SCHEMA_ID);
    expect(line.$id).toBe(REPORT_LINE_SCHEMA_ID);
  });

  it('accept a minimal report and its lines', () => {
    expect(validators.validateReport(doc)).toEqual([]);
    expect(validators.validateLine({ type: 'header', ...header })).toEqual([]);
    expect(validators.validateLine({ type: 'scenario', ...scenario })).toEqual([]);
    expect(validators.validateLine({ type: 'footer', endReason: 'passed', summary })).toEqual([]);
  });

  it.each([
    ['a skipped cell without its reason', { ...doc, scenarios: [{ ...scenario, skipReason: undefined }] }],
    ['an unknown cell status', { ...doc, scenarios: [{ ...scenario, status: 'warning' }] }],
    ['an unknown end reason', { ...doc, endReason: 'done' }],
    ['a property we never write', { ...doc, extra: true }],
    ['a cell property we never write', { ...doc, scenarios: [{ ...scenario, note: 'x' }] }],
    ['a malformed revision', { ...doc, revisions: ['June 2025'] }],
    ['a start time that is not a date-time', { ...doc, startedAt: 'yesterday' }],
    ['another format version', { ...doc, formatVersion: 1 }],
    ['a flaky cell without its re-run', { ...doc, scenarios: [{ ...scenario, status: 'flaky', skipReason: undefined }] }],
    ['a missing summary', { ...doc, summary: undefined }],
    [
      'a check with an invalid JSON pointer',
      {
        ...doc,
        scenarios: [
          {
            ...scenario,
            status: 'failed',
            checks: [{ id: 'c', rule: 'r.x', level: 'MUST', status: 'failed', message: 'm', pointer: 'result/x', section: 's', url: 'u', summary: 's' }],
          },
        ],
      },
    ],
  ])('reject %s', (_name, value) => {
    expect(validators.validateReport(JSON.parse(JSON.stringify(value)))).not.toEqual([]);
  });

  it.each([
    ['a line without a type', { ...header }],
    ['a line of an unknown type', { type: 'cell', ...scenario }],
    ['a header carrying footer fields', { type: 'header', ...header, endReason: 'passed' }],
    ['a footer without a summary', { type: 'footer', endReason: 'failed' }],
  ])('reject %s', (_name, value) => {
    expect(validators.validateLine(value)).not.toEqual([]);
  });
});
