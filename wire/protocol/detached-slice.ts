// A prefix of a string that does not keep the whole string alive. V8 represents `s.slice(0, n)` of a
// long string as a view into `s`, so a 300-character snippet in a check or a transcript entry would
// keep a multi-megabyte message (or a JSON.stringify of many) in memory for the rest of the run;
// copying through a Buffer gives the snippet its own storage.

/** The first `max` characters of `text` (all of it when shorter), in a string of their own. */
export function detachedSlice(text: string, max: number): string {
  if (text.length <= max) return text;
  return Buffer.from(text.slice(0, max), 'utf8').toString('utf8');
}
