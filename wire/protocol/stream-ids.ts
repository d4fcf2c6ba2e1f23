// The ids the HTTP transports give the streams they read (`post-3`, `get-4`), and those of a
// resumption with Last-Event-ID, which continues the stream it resumes: one format, in one place.

/** The id of the `attempt`-th resumption (from 1) of a stream. */
export function resumptionStreamId(streamId: string, attempt: number): string {
  return `${streamId}-resume-${attempt}`;
}

/** The stream a resumption continues: `post-3-resume-2` is `post-3`; any other id is itself. */
export function resumedStream(streamId: string): string {
  return streamId.replace(/(-resume-\d+)+$/, '');
}
