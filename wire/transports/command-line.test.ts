import { describe, expect, it } from 'vitest';
import { CommandLineError, quoteWord, splitCommandLine } from './command-line.js';

describe('splitCommandLine', () => {
  it('splits on whitespace', () => {
    expect(splitCommandLine('node  srv.js --port 3')).toEqual(['node', 'srv.js', '--port', '3']);
  });
  it('keeps quoted words together and removes the quotes', () => {
    expect(splitCommandLine(`node "my server.js" 'a b' c"d e"f`)).toEqual(['node', 'my server.js', 'a b', 'cd ef']);
  });
  it('honours backslash escapes outside and inside double quotes', () => {
    expect(splitCommandLine('a\\ b "x\\"y" \'z\\n\'')).toEqual(['a b', 'x"y', 'z\\n']);
  });
  it('keeps empty quoted words', () => {
    expect(splitCommandLine(`cmd "" ''`)).toEqual(['cmd', '', '']);
  });
  it('rejects an unterminated quote', () => {
    expect(() => splitCommandLine('node "srv.js')).toThrow(CommandLineError);
  });
  it('round-trips through quoteWord', () => {
    const words = ['node', 'a b', "it's", '', '--x=1'];
    expect(splitCommandLine(words.map(quoteWord).join(' '))).toEqual(words);
  });
});
