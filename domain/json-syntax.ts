/**
 * Positions and syntax errors of JSON text in an editor's words, for every reader of the project's
 * JSON files (the QA gate, the content loader of the server, the editor).
 */

/** A place in a text: 1-based line and column. */
export interface Position {
  line: number;
  column: number;
}

/** 1-based line and column of a character offset (a tab counts as one column, as in editors). */
export function positionAt(text: string, pos: number): Position {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < pos && i < text.length; i++) {
    if (text[i] === '\n') {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: pos - lineStart + 1 };
}

/** A token as a message names it: 'string' for a string, else the token quoted (its first 20 characters). */
const tokenName = (token: string) => (token.startsWith('"') ? 'string' : `'${token.slice(0, 20)}'`);

/** The hint for a bare word where a value goes: the JSON word it misspells, or the quotes text needs. */
function wordHint(word: string): string {
  const meant = ['true', 'false', 'null'].find((known) => known === word.toLowerCase() || (word.length > 1 && known.startsWith(word)));
  return meant ? ` (did you mean ${meant}?)` : ' (JSON strings take double quotes)';
}

/**
 * A syntax error of JSON text as jsonc-parser reports it: its offset and length in the text, and its
 * code's name (`printParseErrorCode`: 'CommaExpected', 'InvalidSymbol', ...).
 */
export interface SyntaxErrorAt {
  offset: number;
  length: number;
  code: string;
}

/**
 * What is wrong at a syntax error of JSON text, in plain words ('invalid JSON: unexpected 'tru' (did
 * you mean true?)'), and the offset to show it at; `error` undefined: the text is empty.
 */
export function describeSyntaxError(text: string, error: SyntaxErrorAt | undefined): { pos: number; message: string } {
  if (text.trim() === '' || !error) return { pos: 0, message: 'invalid JSON: the file is empty' };
  const token = text.slice(error.offset, error.offset + error.length);
  const next = text[error.offset] ?? '';
  // An error at the end of the file is shown just after its last character, not on the blank lines after it.
  const atEnd = error.offset >= text.trimEnd().length;
  const pos = atEnd ? text.trimEnd().length : error.offset;
  const afterComma = text.slice(0, pos).trimEnd().endsWith(',');
  const problem = (message: string) => ({ pos, message: `invalid JSON: ${message}` });
  const { code } = error;
  switch (code) {
    case 'InvalidSymbol':
      if (token.startsWith("'")) return problem(`unexpected ${token.slice(0, 20)} in single quotes (JSON strings take double quotes)`);
      return problem(`unexpected ${tokenName(token)}${/^[a-z]+$/i.test(token) ? wordHint(token) : ''}`);
    case 'ValueExpected':
    case 'PropertyNameExpected':
      if (atEnd) return problem('unexpected end of file');
      if ((next === '}' || next === ']') && afterComma) return problem(`unexpected '${next}' (trailing comma?)`);
      return problem(`unexpected ${tokenName(token || next)}`);
    case 'CommaExpected':
      if (next === '}') return problem("unexpected '}' (an array closes with ']')");
      if (next === ']') return problem("unexpected ']' (an object closes with '}')");
      return problem(`unexpected ${tokenName(token || next)} (missing ','?)`);
    case 'ColonExpected':
      return problem(`unexpected ${tokenName(token || next)} (missing ':' after the property name?)`);
    case 'CloseBraceExpected':
    case 'CloseBracketExpected':
      return problem(
        `unexpected ${atEnd ? 'end of file' : tokenName(token || next)} (missing '${code === 'CloseBraceExpected' ? '}' : ']'}'?)`,
      );
    case 'EndOfFileExpected':
      return problem(`unexpected ${tokenName(token || next)} after the end of the data`);
    case 'UnexpectedEndOfString':
      return problem(`a string without its closing '"'`);
    case 'InvalidEscapeCharacter':
      return problem("an unknown escape in a string (a backslash itself is written '\\\\')");
    case 'InvalidUnicode':
      return problem("a '\\u' escape in a string without its four hex digits");
    case 'InvalidCharacter':
      return problem("a control character in a string (a tab is written '\\t', a line break '\\n')");
    case 'InvalidNumberFormat':
    case 'UnexpectedEndOfNumber':
      return problem(`an unfinished number ${tokenName(token)}`);
    case 'InvalidCommentToken':
    case 'UnexpectedEndOfComment':
      return problem('a comment (JSON has none)');
    default:
      return problem(`unexpected ${tokenName(token || next)}`);
  }
}
