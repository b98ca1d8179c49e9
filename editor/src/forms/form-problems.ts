import { parsePointer } from '../../../domain/json-pointer';
import { isObject, type Diagnostic, type FormFile } from './types';

/** Where a problem of the form file belongs: a field, the flow or mail texts, or the form as a whole. */
export type ProblemPlace = { field: string } | { section: 'flow' | 'mail' } | { section: 'form' };

/** The field (or section) a Diagnostic's pointer points at (pointers of the form file as written). */
export function problemPlace(pointer: string, value: FormFile, fieldNames: readonly string[]): ProblemPlace {
  const tokens = parsePointer(pointer);
  const known = (name: unknown): name is string => typeof name === 'string' && fieldNames.includes(name);
  const [first, second, third, fourth] = tokens;
  if (first === 'schema') {
    if (second === 'properties' && known(third)) return { field: third };
    if (second === 'required' && third !== undefined) {
      const name = isObject(value?.schema) && Array.isArray(value.schema.required) ? value.schema.required[Number(third)] : undefined;
      if (known(name)) return { field: name };
    }
    if (second === 'errorMessage' && (third === 'required' || third === 'properties') && known(fourth)) return { field: fourth };
  }
  if (first === 'uiSchema') {
    if (known(second)) return { field: second };
    if (second === 'ui:order' && third !== undefined) {
      const name =
        isObject(value?.uiSchema) && Array.isArray(value.uiSchema['ui:order']) ? value.uiSchema['ui:order'][Number(third)] : undefined;
      if (known(name)) return { field: name };
    }
  }
  if (first === 'flow') return { section: 'flow' };
  if (first === 'mail') return { section: 'mail' };
  return { section: 'form' };
}

/** The problems of the form file, by the field or section they point at. */
export function groupProblems(problems: readonly Diagnostic[], value: FormFile, fieldNames: readonly string[]) {
  const byField = new Map<string, Diagnostic[]>();
  const flow: Diagnostic[] = [];
  const mail: Diagnostic[] = [];
  const form: Diagnostic[] = [];
  for (const problem of problems) {
    const place = problemPlace(problem.pointer, value, fieldNames);
    if ('field' in place) byField.set(place.field, [...(byField.get(place.field) ?? []), problem]);
    else if (place.section === 'flow') flow.push(problem);
    else if (place.section === 'mail') mail.push(problem);
    else form.push(problem);
  }
  return { byField, flow, mail, form };
}
