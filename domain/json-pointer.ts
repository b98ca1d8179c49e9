import { isObject } from './guards';

/**
 * JSON pointers (RFC 6901): '' names the whole value, '/a/0' the first item of its member 'a'. In a
 * token '~' is written '~0' and '/' is written '~1'. A `$ref` names a value by a pointer in its URI
 * fragment ('#/definitions/a%20b'), where each token may also be percent-encoded.
 */

/** A key or index as a pointer token ('a/b' -> 'a~1b'). */
export function escapeToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

function unescapeToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The keys and indexes a pointer names, in order ('/a~1b/0' -> ['a/b', '0']; '' -> []). */
export function parsePointer(pointer: string): string[] {
  return pointer === '' ? [] : pointer.slice(1).split('/').map(unescapeToken);
}

/** The pointer of a path of keys and indexes (['a/b', 0] -> '/a~1b/0'; [] -> ''). */
export function formatPointer(tokens: readonly (string | number)[]): string {
  return tokens.map((token) => `/${escapeToken(token)}`).join('');
}

/** The pointer one level up ('/a/b' -> '/a'); '' stays ''. */
export function parentOf(pointer: string): string {
  return pointer.slice(0, Math.max(pointer.lastIndexOf('/'), 0));
}

/** Whether `pointer` is `ancestor` or names a value inside it ('/a/b' is within '/a', '/ab' is not). */
export function isWithin(pointer: string, ancestor: string): boolean {
  return pointer === ancestor || pointer.startsWith(`${ancestor}/`);
}

interface PointerLookup {
  /** Whether the value holds the pointer (an own key of an object, an index below an array's length). */
  found: boolean;
  /** undefined when not found. */
  value: unknown;
}

const NOT_FOUND: PointerLookup = { found: false, value: undefined };

/** The value a pointer names inside `value`. */
export function getAtPointer(value: unknown, pointer: string): PointerLookup {
  let node = value;
  for (const token of parsePointer(pointer)) {
    if (Array.isArray(node) && /^\d+$/.test(token) && Number(token) < node.length) node = node[Number(token)];
    else if (isObject(node) && Object.hasOwn(node, token)) node = node[token];
    else return NOT_FOUND;
  }
  return { found: true, value: node };
}

/** A percent-decoded fragment token; one that is not validly encoded stays as written. */
function decodeUriToken(token: string): string {
  try {
    return decodeURIComponent(token);
  } catch {
    return token;
  }
}

/**
 * The pointer a `$ref` names inside its document: '#/a/b%20c' and 'file.json#/a/b%20c' -> '/a/b c';
 * '' without a fragment ('file.json', '#'); undefined when the fragment is no pointer ('#anchor').
 */
export function refToPointer(ref: string): string | undefined {
  const hash = ref.indexOf('#');
  const fragment = hash < 0 ? '' : ref.slice(hash + 1);
  if (fragment !== '' && !fragment.startsWith('/')) return undefined;
  const tokens = fragment.split('/').slice(1);
  return formatPointer(tokens.map((token) => unescapeToken(decodeUriToken(token))));
}

/** The value a `$ref` names inside `document`, the value of the file the ref names (or its own file). */
export function getAtRef(document: unknown, ref: string): PointerLookup {
  const pointer = refToPointer(ref);
  return pointer === undefined ? NOT_FOUND : getAtPointer(document, pointer);
}

/** Every value inside `value`, itself first, depth first, each with its pointer (below `pointer`). */
export function* valuesWithPointers(value: unknown, pointer = ''): Generator<{ pointer: string; value: unknown }> {
  yield { pointer, value };
  if (Array.isArray(value)) for (const [i, item] of value.entries()) yield* valuesWithPointers(item, `${pointer}/${i}`);
  else if (isObject(value))
    for (const [key, item] of Object.entries(value)) yield* valuesWithPointers(item, `${pointer}/${escapeToken(key)}`);
}
