import { describe, expect, it } from 'vitest';
import { createStyle } from './style.js';
import { fitLine, padEnd, stripAnsi, truncate, visibleWidth } from './text-width.js';

describe('text width', () => {
  const painted = createStyle(true).red('abc');

  it('measures visible characters, ignoring colour codes and counting code points', () => {
    expect(visibleWidth(painted)).toBe(3);
    expect(visibleWidth('😀x')).toBe(2);
    expect(stripAnsi(painted)).toBe('abc');
    expect(visibleWidth(padEnd(painted, 5))).toBe(5);
  });

  it('leaves short text alone and cuts long text to the width with an ellipsis and the count cut', () => {
    expect(truncate('short', 10)).toBe('short');
    const long = 'x'.repeat(200);
    const cut = truncate(long, 40);
    expect(Array.from(cut).length).toBeLessThanOrEqual(40);
    expect(cut).toMatch(/^x+… \(\+\d+ chars\)$/);
    const kept = cut.indexOf('…');
    expect(cut).toContain(`(+${200 - kept} chars)`);
  });

  it('never splits a surrogate pair when cutting', () => {
    const cut = truncate('😀'.repeat(50), 20);
    expect(cut).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });

  it('fits painted lines to a terminal width', () => {
    expect(fitLine(painted, 10)).toBe(painted);
    expect(fitLine(createStyle(true).red('abcdefghij'), 5)).toBe('abcd…');
  });
});
