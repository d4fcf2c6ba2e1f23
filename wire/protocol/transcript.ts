// The transcript entry type shared by sessions and the result model (re-exported there).
type Direction = 'send' | 'recv' | 'stderr' | 'note';

export interface TranscriptEntry {
  seq: number;
  /** Milliseconds since the conversation started. */
  t: number;
  dir: Direction;
  /** The exact text on the wire (or stderr line, or a note); may be truncated with a marker. */
  text: string;
}
