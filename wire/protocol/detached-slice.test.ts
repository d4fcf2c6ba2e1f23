import { describe, expect, it } from 'vitest';
import { detachedSlice } from './detached-slice.js';

describe('detachedSlice', () => {
  it('keeps short text as it is and cuts long text to its prefix', () => {
    expect(detachedSlice('abc', 5)).toBe('abc');
    expect(detachedSlice('abcdef', 3)).toBe('abc');
  });

  it('keeps characters outside ASCII whole', () => {
    expect(detachedSlice('héllo wörld', 7)).toBe('héllo w');
  });
});
