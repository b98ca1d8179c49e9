import { mergeObjects, type UiSchema } from '@rjsf/utils';

/**
 * A form file's ui hints with a page's merged over them at every depth: a page's `ui:options` adds
 * to the form file's (its messages stay) and replaces only the options it names; arrays (ui:order,
 * choices) are replaced whole.
 */
export function mergeUiSchema(base: UiSchema, overrides: UiSchema | undefined): UiSchema {
  return overrides ? (mergeObjects(base, overrides) as UiSchema) : base;
}
