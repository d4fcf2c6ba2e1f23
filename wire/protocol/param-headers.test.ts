// Mcp-Param-* values: which arguments are mirrored, how they are encoded (the spec's own examples),
// omission for null and absent values, and the server-side comparison after decoding.
import { describe, expect, it } from 'vitest';
import { headerParams } from '../../schema/mcp-header-params.js';
import { decodeHeaderValue, encodeHeaderValue, paramHeaderMismatch, paramHeadersFor } from './param-headers.js';

const schema = {
  type: 'object',
  properties: {
    region: { type: 'string', 'x-mcp-header': 'Region' },
    count: { type: 'integer', 'x-mcp-header': 'Count' },
    dry: { type: 'boolean', 'x-mcp-header': 'Dry-Run' },
    query: { type: 'string' },
    target: { type: 'object', properties: { zone: { type: 'string', 'x-mcp-header': 'Zone' } } },
    list: { type: 'array', items: { type: 'string', 'x-mcp-header': 'Item' } },
    bad: { type: 'string', 'x-mcp-header': 'Bad Name' },
  },
};

describe('headerParams', () => {
  it('finds annotations reachable through properties only, nested objects included, and skips names no header can carry', () => {
    expect(headerParams(schema)).toEqual([
      { name: 'Region', path: ['region'], type: 'string' },
      { name: 'Count', path: ['count'], type: 'integer' },
      { name: 'Dry-Run', path: ['dry'], type: 'boolean' },
      { name: 'Zone', path: ['target', 'zone'], type: 'string' },
    ]);
  });
  it('reads nothing from a schema that is not an object', () => {
    expect(headerParams(true)).toEqual([]);
    expect(headerParams(undefined)).toEqual([]);
  });
});

describe('encodeHeaderValue', () => {
  it.each([
    ['us-west1', 'us-west1'],
    ['Hello, 世界', '=?base64?SGVsbG8sIOS4lueVjA==?='],
    [' padded ', '=?base64?IHBhZGRlZCA=?='],
    ['line1\nline2', '=?base64?bGluZTEKbGluZTI=?='],
    ['=?base64?literal?=', '=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?='],
    ['tab\there', '=?base64?dGFiCWhlcmU=?='],
  ])('encodes %j as the spec shows', (value, header) => {
    expect(encodeHeaderValue(value)).toBe(header);
    expect(decodeHeaderValue(header)).toBe(value);
  });
});

describe('paramHeadersFor', () => {
  it('mirrors strings as is, integers in decimal and booleans in lower case, nested values by their path', () => {
    expect(paramHeadersFor(schema, { region: 'us-west1', count: -7, dry: false, query: 'SELECT', target: { zone: 'b' } })).toEqual({
      'mcp-param-region': 'us-west1',
      'mcp-param-count': '-7',
      'mcp-param-dry-run': 'false',
      'mcp-param-zone': 'b',
    });
  });
  it('omits the header of a null or absent value, and sends nothing for arguments that are not an object', () => {
    expect(paramHeadersFor(schema, { region: null, target: {} })).toEqual({});
    expect(paramHeadersFor(schema, undefined)).toEqual({});
  });
  it('sends the sentinel form for a value that is not plain visible ASCII', () => {
    expect(paramHeadersFor(schema, { region: 'Grüße' })).toEqual({ 'mcp-param-region': '=?base64?R3LDvMOfZQ==?=' });
  });
});

describe('paramHeaderMismatch', () => {
  const headers = (h: Record<string, string>) => (name: string) => h[name];
  it('accepts matching headers, encoded ones after decoding, and integers compared numerically', () => {
    expect(
      paramHeaderMismatch(schema, { region: 'Grüße', count: 42 }, headers({ 'mcp-param-region': '=?base64?R3LDvMOfZQ==?=', 'mcp-param-count': '42.0' })),
    ).toBe(undefined);
  });
  it('expects no header for a null or absent value', () => {
    expect(paramHeaderMismatch(schema, { region: null }, headers({}))).toBe(undefined);
  });
  it('names a missing header and a differing one', () => {
    expect(paramHeaderMismatch(schema, { region: 'us' }, headers({}))).toBe('Mcp-Param-Region header is missing');
    expect(paramHeaderMismatch(schema, { dry: true }, headers({ 'mcp-param-dry-run': 'TRUE' }))).toMatch(
      /Mcp-Param-Dry-Run header value 'TRUE' does not match/,
    );
  });
});
