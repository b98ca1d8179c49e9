import type { SchemaIssue } from './ajv';
import { isObject } from './json-file';
import { escapeToken } from '../../domain/json-pointer';
import { resolveLocalRef } from '../../domain/schema-ref';
import { didYouMean } from '../../domain/suggest';
import { foldSchema, resultAt, resultsAt, through } from './schema-walk';

type Schema = Record<string, unknown>;

/** The subschemas that add fields to an object at its level, in the order they count in. */
const FIELD_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'then', 'else', 'dependencies'];
/** How many of them deep a field may come from: one deeper is not counted. */
const MAX_FIELD_DEPTH = 20;

/**
 * The fields an object may have at this level, including those that conditions or dependencies add:
 * its own `properties`, then those of each subschema of FIELD_KEYWORDS (a field's first schema is
 * kept). A schema with a local `$ref` has the fields of what it names.
 */
function fieldsAt(schema: Schema, root: Schema): Map<string, Schema> {
  const fields = foldSchema<Map<string, Schema>>(
    schema,
    '',
    ({ schema: node, path }, children) => {
      const target = resultAt(children, '$ref');
      if (target) return target;
      const into = new Map<string, Schema>();
      if (path.filter(({ step }) => step.keyword !== '$ref').length > MAX_FIELD_DEPTH) return into;
      if (isObject(node.properties)) {
        for (const [name, sub] of Object.entries(node.properties)) if (isObject(sub)) into.set(name, sub);
      }
      for (const keyword of FIELD_KEYWORDS) {
        for (const branch of resultsAt(children, keyword)) for (const [name, sub] of branch) if (!into.has(name)) into.set(name, sub);
      }
      return into;
    },
    { steps: through(...FIELD_KEYWORDS), refs: { root } },
  );
  return fields ?? new Map();
}

/**
 * What rjsf cannot apply in a ui:order: a name that is no field (rjsf drops it silently), a field
 * left out without a '*' and a second '*' (rjsf then shows a configuration error with the schema
 * printed as JSON instead of the form), and a name given twice.
 */
function orderIssues(order: unknown[], fields: Map<string, Schema>, at: string): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  const seen = new Set<string>();
  order.forEach((entry, i) => {
    const pointer = `${at}/${i}`;
    if (typeof entry !== 'string') issues.push({ pointer, message: 'ui:order entries must be field names (or "*")', at: 'value' });
    else if (seen.has(entry)) {
      const what = entry === '*' ? "'*' may appear only once" : `'${entry}' is already in ui:order`;
      issues.push({ pointer, message: `ui:order: ${what}`, at: 'value' });
    } else if (entry !== '*' && !fields.has(entry)) {
      issues.push({ pointer, message: `ui:order names unknown field '${entry}'${didYouMean(entry, fields.keys())}`, at: 'value' });
    }
    if (typeof entry === 'string') seen.add(entry);
  });
  if (!seen.has('*')) {
    const missing = [...fields.keys()].filter((name) => !seen.has(name));
    if (missing.length > 0) {
      const names = missing.map((name) => `'${name}'`).join(', ');
      issues.push({
        pointer: at,
        message: `ui:order misses ${missing.length === 1 ? 'field' : 'fields'} ${names}: add ${missing.length === 1 ? 'it' : 'them'}, or '*' for the rest`,
        at: 'value',
      });
    }
  }
  return issues;
}

/**
 * uiSchema keys that name no field of the form (a typo there makes rjsf ignore the hint silently),
 * and a 'ui:order' that names an unknown field or misses one (orderIssues).
 */
export function uiSchemaIssues(ui: Schema, schema: Schema, pointer: string, root: Schema = schema): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  const node = resolveLocalRef(schema, root);
  const fields = fieldsAt(node, root);
  const isArray = node.type === 'array' || 'items' in node;
  const dynamicKeys = isObject(node.additionalProperties) || isObject(node.patternProperties);
  for (const [key, value] of Object.entries(ui)) {
    const at = `${pointer}/${escapeToken(key)}`;
    if (key === 'ui:order' && Array.isArray(value) && fields.size > 0) issues.push(...orderIssues(value, fields, at));
    if (key.startsWith('ui:')) continue;
    if (isArray && key === 'items') {
      if (isObject(value) && isObject(node.items)) issues.push(...uiSchemaIssues(value, node.items, at, root));
      continue;
    }
    if (key === 'additionalProperties' && isObject(node.additionalProperties)) {
      if (isObject(value)) issues.push(...uiSchemaIssues(value, node.additionalProperties, at, root));
      continue;
    }
    const field = fields.get(key);
    if (!field) {
      if (fields.size > 0 && !dynamicKeys) {
        issues.push({ pointer: at, message: `uiSchema names unknown field '${key}'${didYouMean(key, fields.keys())}`, at: 'key' });
      }
      continue;
    }
    if (isObject(value)) issues.push(...uiSchemaIssues(value, field, at, root));
  }
  return issues;
}
