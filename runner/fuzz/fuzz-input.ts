// The unit the fuzzer generates and shrinks: one thing sent to the target (a request, a notification
// or raw bytes on the protocol channel) plus what the protocol says must follow from it.

/** What a correct server must do with a request beyond answering it once. */
type RequestExpectation =
  /** Any result or error is acceptable; only the generic properties apply. */
  | 'any'
  /** Arguments break the tool's inputSchema: no successful result; a protocol error uses -32602. */
  | 'tool-input-error'
  /**
   * Valid arguments plus a member a closed inputSchema (additionalProperties: false) leaves out.
   * Rejecting it is a SHOULD: dropping it before the tool runs also validates the input.
   */
  | 'undeclared-member-error';

export interface RequestInput {
  kind: 'request';
  method: string;
  /** Params as the scenario would write them (the stateless `_meta` is added when sent). */
  params?: Record<string, unknown>;
  expect: RequestExpectation;
  /** Why this input was generated, e.g. "missing required field a"; shown in findings. */
  label: string;
  /**
   * The broken or missing argument is one the tool annotates with `x-mcp-header` (2026-07-28): over
   * HTTP its `Mcp-Param-*` header cannot carry it as the schema says, so a refusal as a header
   * mismatch (-32020) is as right as invalid params (-32602).
   */
  headerBound?: boolean;
}

export interface NotificationInput {
  kind: 'notification';
  method: string;
  params?: Record<string, unknown>;
  label: string;
}

/** Bytes written as given (no newline added), to probe the stdio line framing. */
export interface RawInput {
  kind: 'raw';
  /** The bytes; id placeholders are replaced before sending. */
  text: string;
  /** Write the (filled) text in two pieces, split after this many characters. */
  splitAt?: number;
  /** Ids of well-formed requests inside the chunks: each must be answered exactly once. */
  requestIds: string[];
  label: string;
}

/**
 * What the HTTP answer to an `http` input must be. `client-error`: the spec gives a 4xx for this
 * input (exactly `status` when set; with a JSON-RPC error of `errorCode` in the body when set).
 * `no-server-error`: the server may accept or refuse it, but answers, and not with a 5xx.
 */
/** The rule an HTTP input breaks when it is not refused with an error status and the spec names no status. */
export const UNACCEPTED_INPUT_RULE = 'transport.http.unaccepted-input-error-status';
/** Our reading of that rule: the error status is a 4xx, not a 5xx (SHOULD). */
export const UNACCEPTED_INPUT_4XX_RULE = 'transport.http.unaccepted-input-4xx';

export interface HttpExpectation {
  answer: 'client-error' | 'no-server-error';
  status?: number;
  errorCode?: number;
  /** The rule a wrong status breaks. */
  ruleId: string;
}

/** One HTTP request whose details are fuzzed (headers, content types, bodies); Streamable HTTP only. */
export interface HttpInput {
  kind: 'http';
  method: 'POST' | 'PUT' | 'PATCH';
  /** Headers added or overriding the transport's own; null removes one (e.g. Mcp-Session-Id). */
  headers: Record<string, string | null>;
  /** The body; id placeholders are replaced before sending. */
  body?: string;
  /** Placeholders of requests in the body: an accepted (2xx) POST must answer each exactly once. */
  requestIds: string[];
  expect: HttpExpectation;
  label: string;
}

/** Raw bytes on stdio that are not valid UTF-8 (overlong forms, CESU surrogates, stray continuation bytes). */
export interface BytesInput {
  kind: 'bytes';
  /** The bytes, hex-encoded (scenario files carry them the same way). */
  hex: string;
  label: string;
}

export type FuzzInput = RequestInput | NotificationInput | RawInput | HttpInput | BytesInput;

/** A property violation observed on one input, graded by the cited rule's level. */
export interface Violation {
  ruleId: string;
  /** Short name of the property, e.g. `answered-exactly-once`. */
  property: string;
  detail: string;
}
