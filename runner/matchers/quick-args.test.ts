// $quickArgs: duration-like optional numbers with a default are shortened; nothing else changes.
import { describe, expect, it } from 'vitest';
import { quickArgsFor } from './quick-args.js';

describe('quickArgsFor', () => {
  it('asks for a tenth of a duration default and leaves other members as $validArgs makes them', () => {
    const schema = {
      type: 'object',
      properties: { duration: { type: 'number', default: 10 }, steps: { type: 'number', default: 5 }, label: { type: 'string' } },
      required: ['label'],
    };
    expect(quickArgsFor(schema, 1)).toEqual({ label: 'mcp-conform', duration: 1 });
  });

  it('never asks for less than a second, in the unit the member reads as', () => {
    expect(quickArgsFor({ type: 'object', properties: { delayMs: { type: 'integer', default: 30000 } } }, 1)).toEqual({ delayMs: 3000 });
    expect(quickArgsFor({ type: 'object', properties: { delayMs: { type: 'integer', default: 5000 } } }, 1)).toEqual({ delayMs: 1000 });
    expect(quickArgsFor({ type: 'object', properties: { ms: { type: 'number', default: 200 } } }, 1)).toEqual({ ms: 200 });
    expect(quickArgsFor({ type: 'object', properties: { wait: { type: 'number', default: 3 } } }, 1)).toEqual({ wait: 1 });
  });

  it('keeps integers whole and within bounds, and gives up on a bound it cannot meet', () => {
    expect(quickArgsFor({ type: 'object', properties: { sleep: { type: 'integer', default: 25 } } }, 1)).toEqual({ sleep: 3 });
    expect(quickArgsFor({ type: 'object', properties: { timeout: { type: 'number', default: 10, minimum: 3 } } }, 1)).toEqual({ timeout: 3 });
    expect(quickArgsFor({ type: 'object', properties: { wait: { type: 'number', default: 10, multipleOf: 5 } } }, 1)).toEqual({});
  });

  it('gives a required step count a few steps, so progress checks have more than one notification to judge', () => {
    const schema = (steps: Record<string, unknown>) => ({
      type: 'object',
      properties: { steps: { type: 'integer', minimum: 1, ...steps } },
      required: ['steps'],
    });
    expect(quickArgsFor(schema({}), 1)).toEqual({ steps: 3 });
    expect(quickArgsFor(schema({ maximum: 2 }), 1).steps).toBeLessThanOrEqual(2);
    expect(quickArgsFor(schema({ minimum: 5 }), 1)).toEqual({ steps: 5 });
  });

  it('changes nothing for a tool without a duration default', () => {
    expect(quickArgsFor({ type: 'object', properties: { seconds: { type: 'number' } } }, 1)).toEqual({});
    expect(quickArgsFor({ type: 'object' }, 1)).toEqual({});
  });
});
