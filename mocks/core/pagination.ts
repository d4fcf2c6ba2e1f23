// Cursor pagination for mock list methods (the reference server and file-defined mocks): fixed-size pages and
// opaque, reusable cursors that name their list, so a cursor from another list is refused.
import { ProtocolError } from './reply.js';

interface Page<T> {
  items: T[];
  nextCursor?: string;
}

function encode(list: string, offset: number): string {
  return Buffer.from(`${list}:${offset}`, 'utf8').toString('base64url');
}

function decode(list: string, cursor: string, length: number): number | undefined {
  const m = /^([a-z-]+):(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m || m[1] !== list) return undefined;
  const offset = Number(m[2]);
  return offset > 0 && offset < length ? offset : undefined;
}

/**
 * One page of `items` starting at the cursor in `params`. A cursor the server never issued is
 * invalid params (-32602, server/utilities/pagination); issued cursors stay valid and reusable.
 */
function paginate<T>(list: string, items: readonly T[], params: Record<string, unknown>, pageSize: number): Page<T> {
  let offset = 0;
  const cursor = params.cursor;
  if (cursor !== undefined) {
    const decoded = typeof cursor === 'string' ? decode(list, cursor, items.length) : undefined;
    if (decoded === undefined) throw new ProtocolError(-32602, `Invalid params: ${JSON.stringify(cursor)} is not a cursor this server issued for ${list}`);
    offset = decoded;
  }
  const end = offset + pageSize;
  const page: Page<T> = { items: items.slice(offset, end) };
  if (end < items.length) page.nextCursor = encode(list, end);
  return page;
}

/**
 * The result of a list method: one page of `items`, each shown through `show`, under `key`
 * (`tools`, `resources`, `resourceTemplates`, `prompts`), with `nextCursor` when more remain.
 */
export function pagedList<T>(
  key: string,
  list: string,
  items: readonly T[],
  params: Record<string, unknown>,
  pageSize: number,
  show: (item: T) => unknown,
): Record<string, unknown> {
  const page = paginate(list, items, params, pageSize);
  return { [key]: page.items.map(show), ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
}
