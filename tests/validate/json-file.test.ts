import { afterAll, describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../../scripts/lib/diagnostics';
import { readJson } from '../../scripts/lib/json-file';
import { validateProject } from '../../scripts/lib/validate-project';
import { makeProject, removeProjects } from './helpers';

afterAll(removeProjects);

const FILE = 'forms/contact.json';

/** What the QA gate prints for forms/contact.json written as `text`: its first line of output. */
function reported(text: string): string {
  const root = makeProject((p) => p.write(FILE, text));
  const problems = validateProject(root).filter((d) => d.file === FILE);
  expect(problems).toHaveLength(1);
  return formatDiagnostic(problems[0]);
}

describe('a JSON syntax error is reported at its first offending token (line and column from 1)', () => {
  it('a misspelt word, where JSON.parse names no position', () => {
    expect(reported('{"a": tru}')).toBe("forms/contact.json:1:7  (root)  invalid JSON: unexpected 'tru' (did you mean true?)");
    expect(reported('{"a": hello}')).toBe(
      "forms/contact.json:1:7  (root)  invalid JSON: unexpected 'hello' (JSON strings take double quotes)",
    );
  });

  it('a missing comma, at the member after it', () => {
    expect(reported('{\n  "key": "contact-us",\n  "schema": {}\n  "flow": {}\n}\n')).toBe(
      "forms/contact.json:4:3  (root)  invalid JSON: unexpected string (missing ','?)",
    );
    expect(reported('{\n  "a": [\n    1, 2 3\n  ]\n}')).toBe(
      "forms/contact.json:3:10  (root)  invalid JSON: unexpected '3' (missing ','?)",
    );
  });

  it('an unterminated string, at its opening quote', () => {
    expect(reported('{\n  "key": "contact-us\n}\n')).toBe(
      `forms/contact.json:2:10  (root)  invalid JSON: a string without its closing '"'`,
    );
  });

  it('an empty file, and one cut short', () => {
    expect(reported('')).toBe('forms/contact.json:1:1  (root)  invalid JSON: the file is empty');
    expect(reported('  \n\n')).toBe('forms/contact.json:1:1  (root)  invalid JSON: the file is empty');
    expect(reported('{\n  "key": [1, 2\n')).toBe("forms/contact.json:2:15  (root)  invalid JSON: unexpected end of file (missing ']'?)");
  });

  it('comments and trailing commas, which JSON does not have', () => {
    expect(reported('{\n  "key": "contact-us" // the form\n}')).toBe(
      'forms/contact.json:2:23  (root)  invalid JSON: a comment (JSON has none)',
    );
    expect(reported('{ "key": "contact-us", }')).toBe("forms/contact.json:1:24  (root)  invalid JSON: unexpected '}' (trailing comma?)");
    expect(reported('[1, 2, ]')).toBe("forms/contact.json:1:8  (root)  invalid JSON: unexpected ']' (trailing comma?)");
  });

  it('single quotes, a wrong closing bracket, a bad escape', () => {
    expect(reported("{'key': 1}")).toBe(
      "forms/contact.json:1:2  (root)  invalid JSON: unexpected 'key' in single quotes (JSON strings take double quotes)",
    );
    expect(reported('{"a": [1, 2}')).toBe("forms/contact.json:1:12  (root)  invalid JSON: unexpected '}' (an array closes with ']')");
    expect(reported('{"a": "C:\\data"}')).toBe(
      "forms/contact.json:1:7  (root)  invalid JSON: an unknown escape in a string (a backslash itself is written '\\\\')",
    );
  });

  it('counts columns after a byte order mark as an editor shows them', () => {
    const root = makeProject((p) => p.write('forms/bom.json', '\ufeff{"a": 1,}'));
    expect(readJson(root, 'forms/bom.json')).toEqual({
      ok: false,
      error: { file: 'forms/bom.json', line: 1, column: 9, message: "invalid JSON: unexpected '}' (trailing comma?)" },
    });
  });
});
