// Request and notification handlers: a matcher (method name or predicate) plus a resolver, built
// with `mcp.request` / `mcp.notification`. The server tries them in order; the first answer wins.
import type { JsonRpcNotification, JsonRpcRequest } from '../../wire/protocol/index.js';
import type {
  HandlerOptions,
  NotificationContext,
  NotificationHandler,
  NotificationListener,
  NotificationMatcher,
  RequestContext,
  RequestHandler,
  RequestMatcher,
  Resolver,
} from './contracts.js';

export type {
  RequestMatcher,
  NotificationMatcher,
  Resolver,
  NotificationListener,
  HandlerOptions,
  RequestHandler,
  NotificationHandler,
  Handler,
} from './contracts.js';

function label(matcher: string | ((...args: never[]) => boolean)): string {
  return typeof matcher === 'string' ? matcher : matcher.name ? `predicate ${matcher.name}` : 'predicate';
}

/** Handler builders: `mcp.request(matcher, resolver, { once? })` and `mcp.notification(matcher, listener, { once? })`. */
export const mcp = {
  /** Answers requests whose method equals `matcher` (or for which the predicate holds). */
  request(matcher: RequestMatcher, resolve: Resolver, options: HandlerOptions = {}): RequestHandler {
    return { kind: 'request', matcher, resolve, once: options.once ?? false, used: false, label: label(matcher) };
  },
  /** Observes notifications from the client; every matching listener runs, none can answer. */
  notification(matcher: NotificationMatcher, listen: NotificationListener, options: HandlerOptions = {}): NotificationHandler {
    return { kind: 'notification', matcher, listen, once: options.once ?? false, used: false, label: label(matcher) };
  },
};

export function requestMatches(handler: RequestHandler, request: JsonRpcRequest, ctx: RequestContext): boolean {
  if (handler.once && handler.used) return false;
  return typeof handler.matcher === 'string' ? handler.matcher === request.method : handler.matcher(request, ctx);
}

export function notificationMatches(handler: NotificationHandler, notification: JsonRpcNotification, ctx: NotificationContext): boolean {
  if (handler.once && handler.used) return false;
  return typeof handler.matcher === 'string' ? handler.matcher === notification.method : handler.matcher(notification, ctx);
}
