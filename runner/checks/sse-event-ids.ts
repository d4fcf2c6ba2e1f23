// How many SSE streams of a cell carried messages with event ids: what the transport's check of
// reused event ids (transport.http.event-id-unique, wire/transports/http/event-id-ledger.ts) had to
// compare. Priming events carry no message and are not counted here; the transport sees those too.
import { resumedStream, type InboundRecord } from '../../wire/protocol/index.js';

export function streamsWithEventIds(inbound: readonly InboundRecord[]): { streams: number; ids: number } {
  const streams = new Set<string>();
  const ids = new Set<string>();
  for (const record of inbound) {
    if (record.streamId === undefined || record.eventId === undefined) continue;
    const stream = resumedStream(record.streamId);
    streams.add(stream);
    ids.add(`${stream}\n${record.eventId}`);
  }
  return { streams: streams.size, ids: ids.size };
}
