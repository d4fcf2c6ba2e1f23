// Splits a command string into program and arguments the way a POSIX shell would (quotes and
// backslashes), without running a shell: no globbing, no variables, no pipes.

export class CommandLineError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CommandLineError';
  }
}

export function splitCommandLine(command: string): string[] {
  const words: string[] = [];
  let current = '';
  let inWord = false;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < command.length; i++) {
    const ch = command[i]!;
    if (quote === "'") {
      if (ch === "'") quote = null;
      else current += ch;
      continue;
    }
    if (quote === '"') {
      if (ch === '"') quote = null;
      else if (ch === '\\' && i + 1 < command.length && '"\\$`\n'.includes(command[i + 1]!)) current += command[++i];
      else current += ch;
      continue;
    }
    if (ch === "'" || ch === '"') {
      quote = ch;
      inWord = true;
    } else if (ch === '\\') {
      if (i + 1 < command.length) current += command[++i];
      inWord = true;
    } else if (/\s/.test(ch)) {
      if (inWord) words.push(current);
      current = '';
      inWord = false;
    } else {
      current += ch;
      inWord = true;
    }
  }
  if (quote) throw new CommandLineError(`unterminated ${quote === '"' ? 'double' : 'single'} quote in command: ${command}`);
  if (inWord) words.push(current);
  return words;
}

/** Quotes one word for display in a reproduce command, only when needed. */
export function quoteWord(word: string): string {
  if (word !== '' && /^[A-Za-z0-9_\-+=/.,:@%^]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}
