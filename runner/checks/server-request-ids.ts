// Request ids the server used twice in one session. Every revision's base protocol says a request
// id "MUST NOT have been previously used by the requestor within the same session": the server's
// own requests to us (sampling, elicitation, roots, ping) are numbered apart from ours, and one id
// used for two of them leaves their answers ambiguous. The runner answers each at once, so a reused
// id is never an id still waiting: it is a second request. A message redelivered on a resumed SSE
// stream with its original event id is the same request again, not a reuse (that redelivery is the
// resumption rules' business), and is not counted.
import { idKey, type InboundRecord, type JsonRpcRequest } from '../../wire/protocol/index.js';

export interface ReusedRequestId {
  seq: number;
  detail: string;
}

export function reusedServerRequestIds(
  serverRequests: readonly { seq: number; message: JsonRpcRequest }[],
  inbound: readonly InboundRecord[],
): { reused: ReusedRequestId[]; requests: number } {
  const eventIdOf = new Map(inbound.filter((r) => r.eventId !== undefined).map((r) => [r.seq, r.eventId]));
  const first = new Map<string, { seq: number; method: string; eventId: string | undefined }>();
  const reused: ReusedRequestId[] = [];
  for (const { seq, message } of serverRequests) {
    const key = idKey(message.id);
    const earlier = first.get(key);
    const eventId = eventIdOf.get(seq);
    if (!earlier) {
      first.set(key, { seq, method: message.method, eventId });
      continue;
    }
    if (eventId !== undefined && eventId === earlier.eventId) continue;
    reused.push({
      seq,
      detail: `message #${seq} is a ${message.method} request with id ${JSON.stringify(message.id)}, which the server already used for its ${earlier.method} request #${earlier.seq} in this session`,
    });
  }
  return { reused, requests: serverRequests.length };
}
