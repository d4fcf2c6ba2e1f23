import { describe, expect, it } from 'vitest';
import { firstAnswerWaitMs } from './first-answer.js';

describe('firstAnswerWaitMs', () => {
  it('gives a stdio process at least 10 s for its first answer, and the run bound when that is longer', () => {
    expect(firstAnswerWaitMs('stdio', 4000)).toBe(10_000);
    expect(firstAnswerWaitMs('stdio', 30_000)).toBe(30_000);
  });

  it('keeps the run bound over HTTP, where the server is already up', () => {
    expect(firstAnswerWaitMs('http', 4000)).toBe(4000);
  });
});
