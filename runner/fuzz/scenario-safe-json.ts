// Serialises messages so that a scenario file can carry the exact bytes the fuzzer sent.

/**
 * JSON text with `${` written as `\u0024{`: the same value for any JSON parser, and bytes a scenario
 * file can carry verbatim (scenario strings interpolate `${...}`), so the replay sends what we sent.
 */
export function scenarioSafeJson(value: unknown): string {
  return JSON.stringify(value).split('${').join('\\u0024{');
}
