// What a request resolver may answer with: a plain result object, a protocol error, or no answer
// at all. `reply.*` builds the non-result answers; throwing a ProtocolError works as well.
import type { JsonRpcError } from '../../wire/protocol/index.js';

/** A JSON-RPC error a resolver throws (or returns via `reply.error`) to answer with an error response. */
export class ProtocolError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ProtocolError';
  }

  toJson(): JsonRpcError {
    return { code: this.code, message: this.message, ...(this.data !== undefined ? { data: this.data } : {}) };
  }
}

/** A resolver's answer other than a plain result; built with the `reply` helpers. */
export class Reply {
  private constructor(
    readonly kind: 'result' | 'error' | 'none',
    readonly result?: Record<string, unknown>,
    readonly error?: JsonRpcError,
  ) {}

  /** @internal */
  static make(kind: 'result' | 'error' | 'none', result?: Record<string, unknown>, error?: JsonRpcError): Reply {
    return new Reply(kind, result, error);
  }
}

export const reply = {
  /** An explicit result (a plain object returned by a resolver means the same). */
  result(result: Record<string, unknown>): Reply {
    return Reply.make('result', result);
  },
  /** An error response with this code, message and optional data. */
  error(code: number, message: string, data?: unknown): Reply {
    return Reply.make('error', undefined, { code, message, ...(data !== undefined ? { data } : {}) });
  },
  /** Never answer this request (a hung server, or a long-lived stream such as subscriptions/listen). */
  none(): Reply {
    return Reply.make('none');
  },
};

/**
 * What a resolver returns. `undefined` passes the request on to the next matching handler (as in
 * msw), so an override can handle some calls and leave the rest to the handlers below it.
 */
export type ReplyValue = Record<string, unknown> | Reply | undefined | void;

/** Raised into a request's signal when the client cancels it or the connection closes. */
export class RequestAbortedError extends Error {
  constructor(
    readonly reason: 'cancelled' | 'closed',
    detail?: string,
  ) {
    super(reason === 'cancelled' ? `the client cancelled the request${detail ? ` (${detail})` : ''}` : 'the connection closed');
    this.name = 'AbortError';
  }
}
