import { getDefaultRegistry } from '@rjsf/core';
import { getUiOptions, type FieldProps, type UiSchema } from '@rjsf/utils';
import { useEffect, useMemo } from 'react';
import { logError } from '../lib/log';

/** rjsf's own object field: it renders the fields in ui:order and the object's templates. */
const CoreObjectField = getDefaultRegistry().fields.ObjectField;

/**
 * The ui:order rjsf can always apply, and what was wrong with the given one (undefined when
 * nothing). rjsf throws on an order that misses a field or holds '*' twice, and then prints a
 * red configuration error with the whole schema as JSON on the page; here the missing fields go
 * after the listed ones (a '*' at the end) and a second '*' is dropped.
 */
export function safeOrder(order: unknown, properties: readonly string[]): { order: string[]; problem?: string } | undefined {
  if (!Array.isArray(order)) return undefined;
  const names = order.filter((entry): entry is string => typeof entry === 'string');
  const wildcards = names.filter((name) => name === '*').length;
  const missing = wildcards > 0 ? [] : properties.filter((name) => !names.includes(name));
  if (wildcards <= 1 && missing.length === 0 && names.length === order.length) return { order: names };
  const problems = [
    missing.length > 0 ? `ui:order misses ${missing.map((name) => `'${name}'`).join(', ')}` : '',
    wildcards > 1 ? "ui:order holds '*' more than once" : '',
    names.length !== order.length ? 'ui:order holds entries that are not field names' : '',
  ].filter(Boolean);
  const first = names.indexOf('*');
  const kept = names.filter((name, i) => name !== '*' || i === first);
  return { order: wildcards > 0 ? kept : [...kept, '*'], problem: problems.join('; ') };
}

/**
 * The object field of the site's forms: rjsf's own, given a ui:order it can apply. A wrong order
 * (a form file that skipped `npm run validate`) is logged, and the form renders with the fields
 * the order misses at its end, never with the schema printed on the page.
 */
export function SafeObjectField(props: FieldProps) {
  const { uiSchema, schema, fieldPathId } = props;
  const properties = useMemo(() => Object.keys(schema.properties ?? {}), [schema.properties]);
  // Where rjsf reads the order: `ui:order`, or `ui:options.order`.
  const given = getUiOptions(uiSchema).order;
  const safe = useMemo(() => safeOrder(given, properties), [given, properties]);
  const problem = safe?.problem;
  const path = fieldPathId?.$id ?? 'root';
  useEffect(() => {
    if (problem) logError('form', new Error(`${path}: ${problem}`));
  }, [problem, path]);
  if (!safe?.problem) return <CoreObjectField {...props} />;
  // Both places rjsf reads the order from get the safe one.
  const fixed: UiSchema = { ...uiSchema, 'ui:order': safe.order };
  const options = fixed['ui:options'];
  if (typeof options === 'object' && options !== null) fixed['ui:options'] = { ...(options as Record<string, unknown>), order: safe.order };
  return <CoreObjectField {...props} uiSchema={fixed} />;
}
