import { describe, expect, it } from 'vitest';
import { colorWanted, createStyle, markOf } from './style.js';

describe('style', () => {
  it('turns colour off when NO_COLOR is set to anything but the empty string', () => {
    expect(colorWanted(true, true, { NO_COLOR: '1' })).toBe(false);
    expect(colorWanted(undefined, true, { NO_COLOR: '' })).toBe(true);
    expect(colorWanted(false, true, {})).toBe(false);
  });

  it('defaults to colour on a terminal and none elsewhere', () => {
    expect(colorWanted(undefined, true, {})).toBe(true);
    expect(colorWanted(undefined, false, {})).toBe(false);
  });

  it('paints only when enabled, and the marks are the documented symbols', () => {
    expect(createStyle(false).mark('failed')).toBe('✗');
    expect(createStyle(true).mark('failed')).toContain('\u001b[');
    expect(['passed', 'failed', 'warning', 'skipped', 'errored'].map((s) => markOf(s as never))).toEqual(['✓', '✗', '!', '-', 'E']);
    expect(createStyle(false).prefix()).toBe('mcp-conform:');
  });
});
