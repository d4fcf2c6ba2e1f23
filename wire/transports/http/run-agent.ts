// The keep-alive agent the conversations of one HTTP run share: a cell reuses the connections
// earlier cells left idle instead of opening its own. An idle connection is dropped after a short
// pause, so that a connection the server is about to close for idleness (Node's servers: 5 s) is
// not handed to the next request, which would then fail with a reset that is nobody's fault.
import http from 'node:http';
import type { Duplex } from 'node:stream';

/** How long a connection may sit idle in the pool before it is closed rather than reused. */
export const IDLE_CONNECTION_MS = 1000;

class RunAgent extends http.Agent {
  // Node returns whether the socket may be kept (falsy: it is destroyed); @types/node says void.
  override keepSocketAlive(socket: Duplex): void {
    const keep = (super.keepSocketAlive as (this: http.Agent, s: Duplex) => unknown).call(this, socket);
    // Node's agent destroys a pooled socket when its timeout fires; an in-use one is left alone.
    if (keep) (socket as Duplex & { setTimeout(ms: number): void }).setTimeout(IDLE_CONNECTION_MS);
    return keep as void;
  }

  override reuseSocket(socket: Duplex, request: http.ClientRequest): void {
    super.reuseSocket(socket, request);
    // A request in progress (a long event stream) is bounded by its own waits, not by the pool's.
    (socket as Duplex & { setTimeout(ms: number): void }).setTimeout(0);
  }
}

/** A keep-alive agent for every conversation of one run; its owner destroys it at the end. */
export function createRunAgent(): http.Agent {
  return new RunAgent({ keepAlive: true });
}
