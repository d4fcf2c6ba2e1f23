// Cancellations the server sent that name one of the runner's own requests. Up to 2025-11-25 a
// cancellation may only reference a request "previously issued in the same direction", i.e. one the
// server itself sent us; from 2026-07-28 a server may send one only to end a subscriptions/listen
// stream, which is a request of ours. Any message of any scenario can break either, so this is an
// always-on check, not a step of the cancellation scenarios alone.
//
// What counts as a violation is deliberately narrow: the named id must be one of our requests that
// was still unanswered when the cancellation came, and (before 2026-07-28) no request the server sent
// in this session may carry the same id, since client and server number their requests apart and an
// id of its own is legitimate whatever we used it for. A cancellation naming an id nobody issued here,
// or one of our requests already answered, is not judged: a stdio process shared by several cells
// sends what it says while shutting down to every cell that used it, so such an id could be a request
// the server issued to another cell.
import { idKey, type JsonRpcNotification, type JsonRpcRequest, type PendingRequest, type RequestId } from '../../wire/protocol/index.js';

/** What the check reads of a session. */
export interface CancellationEvidence {
  notifications: readonly { seq: number; message: JsonRpcNotification }[];
  serverRequests: readonly { seq: number; message: JsonRpcRequest }[];
  pendingFor(id: RequestId | null): PendingRequest | undefined;
}

export interface ForeignCancellation {
  seq: number;
  detail: string;
}

/**
 * Every `notifications/cancelled` from the server that names a request of ours in progress. With
 * `listenAllowed` (2026-07-28 on), naming our `subscriptions/listen` request is the one legitimate use.
 */
export function foreignCancellations(session: CancellationEvidence, listenAllowed: boolean): ForeignCancellation[] {
  const serverIds = new Set(session.serverRequests.map((r) => idKey(r.message.id)));
  const out: ForeignCancellation[] = [];
  for (const { seq, message } of session.notifications) {
    if (message.method !== 'notifications/cancelled') continue;
    const requestId = (message.params as { requestId?: unknown } | undefined)?.requestId;
    if (typeof requestId !== 'string' && typeof requestId !== 'number') continue; // the schema check judges the shape
    if (!listenAllowed && serverIds.has(idKey(requestId))) continue;
    const ours = session.pendingFor(requestId);
    if (!ours || ours.sentSeq > seq) continue;
    if (ours.responseSeq !== undefined && ours.responseSeq < seq) continue;
    if (listenAllowed && ours.method === 'subscriptions/listen') continue;
    out.push({
      seq,
      detail: `message #${seq} is a notifications/cancelled naming request id ${JSON.stringify(requestId)}, which is our ${ours.method} (#${ours.sentSeq}), still in progress: ${
        listenAllowed
          ? 'a server sends notifications/cancelled only to end a subscriptions/listen stream'
          : 'a cancellation may only name a request its sender issued, and the server issued none with this id'
      }`,
    });
  }
  return out;
}
