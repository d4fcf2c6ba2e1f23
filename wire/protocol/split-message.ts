// Recognises a JSON message written over several stdout lines (pretty-printed JSON), which stdio
// framing forbids: each line alone is not JSON, but the run of lines together parses as one object.
// Bounded, so a target printing endless non-JSON text costs a fixed amount of memory.

const MAX_LINES = 2000;
const MAX_CHARS = 1024 * 1024;

export class SplitMessageDetector {
  private lines: string[] = [];
  private chars = 0;

  /**
   * Adds a line that did not parse as JSON. Returns the message and the number of lines it spread
   * over once the lines gathered so far (since the last JSON line) parse together as an object.
   */
  push(line: string): { message: unknown; lines: number; text: string } | undefined {
    // A run can only start at a line that opens an object or an array.
    if (this.lines.length === 0 && !/^\s*[[{]/.test(line)) return undefined;
    this.lines.push(line);
    this.chars += line.length;
    if (this.lines.length > MAX_LINES || this.chars > MAX_CHARS) {
      this.reset();
      return undefined;
    }
    if (!/[}\]]\s*$/.test(line)) return undefined;
    const text = this.lines.join('\n');
    try {
      const message: unknown = JSON.parse(text);
      const lines = this.lines.length;
      this.reset();
      return message !== null && typeof message === 'object' ? { message, lines, text } : undefined;
    } catch {
      return undefined;
    }
  }

  /** A line that parsed on its own ends any run. */
  reset(): void {
    this.lines = [];
    this.chars = 0;
  }
}
