// What the runner answers a server-initiated request with when the scenario scripts no reply: a
// minimal valid result for each capability the runner declared as the client, so that a server
// which asks a capable client gets what such a client would give (an empty roots list, a short
// sampled text, a declined elicitation). Undeclared capabilities get no default: the session then
// answers -32601, as a client without the capability would.
import type { ReplyScript } from '../../wire/protocol/index.js';

const DEFAULTS: Record<string, { capability: string; reply: ReplyScript[string] }> = {
  'roots/list': { capability: 'roots', reply: { result: { roots: [] } } },
  'sampling/createMessage': {
    capability: 'sampling',
    reply: { result: { role: 'assistant', content: { type: 'text', text: 'mcp-conform sampled text' }, model: 'mcp-conform', stopReason: 'endTurn' } },
  },
  'elicitation/create': { capability: 'elicitation', reply: { result: { action: 'decline' } } },
};

/** The scenario's scripted replies over the defaults of the declared capabilities. */
export function repliesFor(capabilities: Record<string, unknown> | undefined, scripted: ReplyScript | undefined): ReplyScript {
  const out: ReplyScript = {};
  for (const [method, { capability, reply }] of Object.entries(DEFAULTS)) {
    const declared = capabilities?.[capability];
    if (declared !== undefined && declared !== null && declared !== false) out[method] = reply;
  }
  return { ...out, ...(scripted ?? {}) };
}
