import { describe, expect, it } from 'vitest';
import { escapeAttr, escapeText, renderXml, xmlSafe } from './xml.js';

describe('xml escaping', () => {
  it('escapes markup characters in text and attributes', () => {
    expect(escapeText('a < b && c > d ]]>')).toBe('a &lt; b &amp;&amp; c &gt; d ]]&gt;');
    expect(escapeAttr(`say "hi" & 'bye'`)).toBe('say &quot;hi&quot; &amp; &apos;bye&apos;');
  });

  it('keeps line breaks and tabs in attributes as character references', () => {
    expect(escapeAttr('a\nb\tc\rd')).toBe('a&#10;b&#9;c&#13;d');
  });

  it('replaces characters XML 1.0 forbids with visible escapes, keeping legal ones', () => {
    expect(xmlSafe('\u0000\u0001\u0008\u000b\u000c\u001b\u007f\ufffe\uffff')).toBe('\\u0000\\u0001\\u0008\\u000b\\u000c\\u001b\\u007f\\ufffe\\uffff');
    expect(xmlSafe('tab\tnl\ncr\r é 😀')).toBe('tab\tnl\ncr\r é 😀');
  });

  it('replaces lone surrogates but keeps pairs', () => {
    expect(xmlSafe('a\ud800b\udfffc😀')).toBe('a\\ud800b\\udfffc😀');
  });

  it('renders elements with attributes, text and children', () => {
    expect(
      renderXml({
        name: 'a',
        attrs: [
          ['x', 1],
          ['skip', undefined],
        ],
        children: [{ name: 'b', text: '<t>' }, { name: 'c' }],
      }),
    ).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<a x="1">\n  <b>&lt;t&gt;</b>\n  <c/>\n</a>\n');
  });
});
