// What a host does before it disconnects: let the messages the SDK already handed to its transport
// go out. The SDK sends some messages without awaiting them (the notifications/cancelled of a call
// that timed out); closing an HTTP transport aborts its requests in flight, so closing at once
// would drop that cancellation although the client had sent it.

const PENDING = Symbol('pending sends');

/** Wraps `transport.send` so that `settleSends(transport)` can wait for every send started so far; adds it to `into`. */
export function trackSends(transport, into = []) {
  into.push(transport);
  const pending = new Set();
  const send = transport.send.bind(transport);
  transport.send = (...args) => {
    const sent = send(...args);
    pending.add(sent);
    const forget = () => pending.delete(sent);
    sent.then(forget, forget);
    return sent;
  };
  transport[PENDING] = pending;
  return transport;
}

/** Resolves once every send started on a tracked `transport` has settled, or after `maxMs`. */
export async function settleSends(transport, maxMs = 2000) {
  const pending = transport?.[PENDING];
  if (!pending || pending.size === 0) return;
  let timer;
  const bound = new Promise((resolve) => {
    timer = setTimeout(resolve, maxMs);
  });
  await Promise.race([Promise.allSettled([...pending]), bound]);
  clearTimeout(timer);
}
