import traverse from 'json-schema-traverse';
import { isObject } from './guards';
import { getAtPointer, refToPointer } from './json-pointer';

/**
 * The one walker over JSON Schemas (draft-07): the checks of the scripts, the block defaults and
 * generated types, the uiSchema check, the server's body limits and the editor's new sections are
 * visits or folds over it. Which keywords hold subschemas is json-schema-traverse's knowledge (the
 * walker Ajv uses); this module adds what the uses need on top: how each subschema hangs off its
 * parent and which value of the data it applies to, a walk restricted to some steps, local `$ref`s
 * followed into their targets, and a bottom-up fold.
 */

type Schema = Record<string, unknown>;

/**
 * How a subschema hangs off its parent: applied to the same value (`allOf`, `if`, a `$ref`...), to a
 * property's value, to other values of the data (`items`, `additionalProperties`...), or detached
 * (`definitions`, `$defs`: applied wherever a `$ref` points, so no enclosing schema is known).
 */
export interface Step {
  kind: 'applicator' | 'property' | 'data' | 'detached';
  /** The keyword that holds the subschema ('properties', 'allOf', 'items', '$ref'). */
  keyword: string;
  /** Its place under the keyword: a property's name, an index in a list; none for a lone subschema. */
  key?: string | number;
}

export interface Visit {
  schema: Schema;
  pointer: string;
  /** Ancestors from where the walk started down, each with the step that leads to the next one. */
  path: Array<{ schema: Schema; step: Step }>;
  /**
   * The steps down the data from the value the walk started at to the value this subschema applies
   * to (its `property` and `data` steps); undefined below a detached step, where that value is not known.
   */
  dataPath: Step[] | undefined;
}

export interface WalkOptions {
  /** The steps the walk takes (default: all): a subschema whose step this refuses is left out, with all below it. */
  steps?: (step: Step) => boolean;
  /**
   * Follow every local `$ref` ('#/definitions/x') into what it names in `root` (the whole schema;
   * `pointer`: where `root` sits, '' by default), as a `$ref` applicator step taken before the
   * subschemas of the schema that has it; the `steps` option does not apply to it. A target is
   * entered once along a path: a `$ref` to one that the path has entered already is not followed,
   * so a loop of references ends. A `$ref` that names no schema, or another document, is not followed.
   */
  refs?: { root: Schema; pointer?: string };
}

const APPLICATORS = new Set(['allOf', 'anyOf', 'oneOf', 'if', 'then', 'else', 'not', 'dependencies', '$ref']);
const DATA = new Set(['items', 'additionalItems', 'contains', 'patternProperties', 'additionalProperties', 'propertyNames']);

function stepOf(keyword: string, key?: string | number): Step {
  const kind = keyword === 'properties' ? 'property' : APPLICATORS.has(keyword) ? 'applicator' : DATA.has(keyword) ? 'data' : 'detached';
  return key === undefined ? { kind, keyword } : { kind, keyword, key };
}

const REF_STEP = stepOf('$ref');

/**
 * A `steps` option: the subschemas under these keywords ('items': the schema of every item of a
 * list, not those of a tuple's items).
 */
export function through(...keywords: string[]): (step: Step) => boolean {
  return ({ keyword, key }) => keywords.includes(keyword) && !(keyword === 'items' && key !== undefined);
}

function dataPathOf(path: Visit['path']): Step[] | undefined {
  if (path.some(({ step }) => step.kind === 'detached')) return undefined;
  return path.map(({ step }) => step).filter((step) => step.kind !== 'applicator');
}

interface Callbacks {
  /** On entering a subschema, before anything below it. */
  pre?: (visit: Visit) => void;
  /** On leaving it, after everything below it. */
  post?: (visit: Visit) => void;
}

function walk(schema: unknown, pointer: string, callbacks: Callbacks, options: WalkOptions): void {
  if (!isObject(schema)) return;
  const { steps, refs } = options;
  const path: Visit['path'] = [];
  /** The targets of the `$ref`s followed along the current path, as pointers into `refs.root`. */
  const entered: string[] = [];

  const follow = (node: Schema) => {
    const ref = node.$ref;
    if (!refs || typeof ref !== 'string' || !ref.startsWith('#')) return;
    const target = refToPointer(ref);
    if (target === undefined || entered.includes(target)) return;
    const value = getAtPointer(refs.root, target).value;
    if (!isObject(value)) return;
    entered.push(target);
    from(value, (refs.pointer ?? '') + target, { schema: node, step: REF_STEP });
    entered.pop();
  };

  /** Walks `root` with json-schema-traverse; `via`: the schema and `$ref` step that lead to it. */
  const from = (root: Schema, rootPointer: string, via?: Visit['path'][number]) => {
    /** How deep the walk is inside a subschema that `steps` refused (0: not inside one). */
    let refused = 0;
    const open: Visit[] = [];
    traverse(root, {
      cb: {
        pre: (node, at, _root, _parentAt, keyword, parent, key) => {
          const step = parent && keyword ? stepOf(keyword, key) : undefined;
          if (refused > 0 || (step && steps?.(step) === false)) {
            refused++;
            return;
          }
          // Every visit but the walk's first has a link to its parent: a subschema's, or a `$ref`'s.
          if (parent && step) path.push({ schema: parent, step });
          else if (via) path.push(via);
          const visit: Visit = { schema: node, pointer: rootPointer + at, path: [...path], dataPath: dataPathOf(path) };
          open.push(visit);
          callbacks.pre?.(visit);
          follow(node);
        },
        post: () => {
          if (refused > 0) {
            refused--;
            return;
          }
          const visit = open.pop()!;
          callbacks.post?.(visit);
          if (visit.path.length > 0) path.pop();
        },
      },
    });
  };

  from(schema, pointer);
}

/**
 * Calls `visit` for a schema and every subschema in it, depth first, each before those below it,
 * in the order of their keys (a `$ref`'s target, when followed, before the other subschemas).
 */
export function walkSchema(root: unknown, rootPointer: string, visit: (node: Visit) => void, options: WalkOptions = {}): void {
  walk(root, rootPointer, { pre: visit }, options);
}

/** A subschema's result in a fold, and how it hangs off the schema being folded. */
export interface Folded<T> {
  step: Step;
  result: T;
}

/**
 * The result of `fn` for a schema, bottom up: `fn` gets each subschema the walk takes with the
 * results of those directly below it, in the order of their keys (a followed `$ref`'s target
 * first). Undefined when `root` is no schema.
 */
export function foldSchema<T>(
  root: unknown,
  rootPointer: string,
  fn: (visit: Visit, children: Folded<T>[]) => T,
  options: WalkOptions = {},
): T | undefined {
  const stack: Folded<T>[][] = [];
  let result: T | undefined;
  walk(
    root,
    rootPointer,
    {
      pre: () => stack.push([]),
      post: (visit) => {
        const folded = fn(visit, stack.pop()!);
        const step = visit.path.at(-1)?.step;
        if (step) stack.at(-1)!.push({ step, result: folded });
        else result = folded;
      },
    },
    options,
  );
  return result;
}

/** The results of the subschemas under `keyword`, in order. */
export function resultsAt<T>(children: readonly Folded<T>[], keyword: string): T[] {
  return children.filter(({ step }) => step.keyword === keyword).map(({ result }) => result);
}

/** The result of the subschema under `keyword` at `key` (without: the keyword's lone subschema); undefined when none was folded. */
export function resultAt<T>(children: readonly Folded<T>[], keyword: string, key?: string | number): T | undefined {
  return children.find(({ step }) => step.keyword === keyword && step.key === key)?.result;
}

/**
 * A copy of a schema with `fn` applied to every schema node, innermost first (subschemas are
 * mapped before the node that holds them). Property names, enum values and defaults stay as they are.
 */
export function mapSchema(node: unknown, fn: (schema: Schema) => Schema): unknown {
  if (!isObject(node)) return node;
  // A copy whose subschemas are replaced by their mapped ones before the node that holds them is mapped.
  return foldSchema<Schema>(structuredClone(node), '', ({ schema }, children) => {
    for (const { step, result } of children) {
      if (step.key === undefined) schema[step.keyword] = result;
      else (schema[step.keyword] as Record<string | number, unknown>)[step.key] = result;
    }
    return fn(schema);
  });
}
