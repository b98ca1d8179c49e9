import type { CustomValidator } from '@rjsf/utils';
import { fileProblems, type FileRule } from '../../domain/file-rules';

type Data = Record<string, unknown>;

/** Messages by field name (the shape of a page's own checks and of the server's field errors). */
export type FieldMessages = Record<string, string[]>;

/** The problems of the chosen files (type, size) by field, each checked by its field's rule; fields without any are left out. */
export function fileErrors(rules: readonly FileRule[], files: ReadonlyMap<string, File>): FieldMessages {
  const byField: FieldMessages = {};
  for (const rule of rules) {
    const problems = fileProblems(rule, files.get(rule.field));
    if (problems.length > 0) byField[rule.field] = problems;
  }
  return byField;
}

/**
 * The form's customValidate: what its schema cannot check, on the fields it concerns. First the
 * chosen files against the form file's rules, then the page's own checks (`extra`). rjsf's error
 * handler holds only the fields present in the data: a message for any other is dropped.
 */
export function clientChecks(
  rules: readonly FileRule[],
  files: ReadonlyMap<string, File>,
  extra?: (data: Data) => FieldMessages,
): CustomValidator {
  return (data, errors) => {
    for (const byField of [fileErrors(rules, files), extra?.((data ?? {}) as Data) ?? {}]) {
      for (const [field, messages] of Object.entries(byField)) {
        for (const message of messages) errors[field]?.addError(message);
      }
    }
    return errors;
  };
}
