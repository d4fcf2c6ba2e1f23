// Judges the protocol version a target named in its initialize answer while being probed. An answer
// other than the offered revision normally just means "not accepted"; but a version the runner never
// offered and that no published revision has is a finding, so the run ends with exit 1 and a rule
// rather than exit 3 ("speaks no revision") with none.
import { isRevision, REVISIONS, type Revision } from '../../schema/revisions.js';
import type { CheckResult } from '../../wire/results/index.js';
import type { RuleLookup } from '../steps/index.js';

/** Versions are `YYYY-MM-DD` strings (learn/versioning); anything else names no protocol version. */
const VERSION_SHAPE = /^\d{4}-\d{2}-\d{2}$/;
const COUNTER_OFFER = 'lifecycle.version.counter-offer';

/**
 * The finding for `answered` given in reply to an initialize offering `offered`, or undefined when
 * there is nothing to say: the offered revision itself, a published revision (the negotiation
 * scenarios judge those), or a date after the newest revision mcp-conform knows (a newer revision
 * this tool cannot judge: recorded as info, not blamed).
 */
export function judgeAnsweredVersion(offered: Revision, answered: unknown, seq: number | undefined, rules: RuleLookup): CheckResult | undefined {
  if (answered === offered || isRevision(answered)) return undefined;
  const rule = rules.ruleRef(COUNTER_OFFER, offered);
  const shown = JSON.stringify(answered);
  const evidence = seq !== undefined ? { evidence: [seq] } : {};
  if (typeof answered === 'string' && VERSION_SHAPE.test(answered) && answered > REVISIONS[REVISIONS.length - 1]!) {
    return {
      id: 'probe/initialize-version',
      rule,
      status: 'info',
      message: `initialize for ${offered} was answered with protocolVersion ${shown}, newer than any revision mcp-conform knows; it cannot judge that revision`,
      ...evidence,
    };
  }
  return {
    id: 'probe/initialize-version',
    rule,
    status: rule.level === 'MUST' ? 'failed' : rule.level === 'SHOULD' ? 'warning' : 'info',
    message:
      typeof answered === 'string' && VERSION_SHAPE.test(answered)
        ? `initialize for ${offered} was answered with protocolVersion ${shown}, which was never offered and is no published revision: a server answers with the offered version or another one it supports`
        : `initialize for ${offered} was answered with protocolVersion ${shown}, which is not a protocol version (versions are YYYY-MM-DD dates of published revisions)`,
    expected: `"${offered}", or another published revision the server supports`,
    actual: shown,
    ...evidence,
  };
}
