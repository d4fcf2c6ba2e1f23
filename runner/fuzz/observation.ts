// What came back from one fuzzed input: the data every property reads. Its own module so that the
// stdio and HTTP properties can share it without importing each other.
import type { Anomaly, JsonRpcResponse } from '../../wire/protocol/index.js';
import type { FuzzInput } from './fuzz-input.js';
import type { HttpAnswer } from './http-input-exchange.js';

export interface SentRequest {
  id: string;
  method: string;
}

export interface Observation {
  input: FuzzInput;
  /** Requests of the input whose answers the properties judge (the barrier excluded). */
  requests: SentRequest[];
  /** Every response received during the case, keyed by JSON id text (`null` for null/absent ids). */
  responses: Map<string, JsonRpcResponse[]>;
  /** Anomalies the session recorded during the case (not the ones about correlation). */
  anomalies: Anomaly[];
  /** Ids of raw lines a server may answer or reject (BOM, CRLF): answers to them are not stray. */
  toleratedIds: string[];
  barrierId: string;
  barrierAnswered: boolean;
  /** Why the target ended during the case, if it did. */
  died?: string;
  /** Set when a message of the case passed the runner's message limit: the case cannot be judged. */
  unreadable?: string;
  /** Schema violations of a response, by request id; computed by the executor per revision. */
  schemaProblems: Map<string, string[]>;
  /** True when stdout purity applies (stdio targets). */
  protocolChannelIsStdout: boolean;
  /** The HTTP answer to an `http` input, with the filled ids of the requests in its body. */
  http?: { answer: HttpAnswer; requestIds: string[] };
}
