/** One problem found in a JSON file of the project, at a 1-based line and column. */
export interface Diagnostic {
  /** Path relative to the project root, with forward slashes. */
  file: string;
  line: number;
  column: number;
  /** JSON pointer of the offending value ('' for the document or a syntax error). */
  pointer: string;
  message: string;
  /** The schema validator's keyword and params, when it found the problem (SchemaIssue). */
  keyword?: string;
  params?: Record<string, unknown>;
}

export type OutputFormat = 'text' | 'github';

function displayPointer(pointer: string): string {
  return pointer === '' ? '(root)' : pointer;
}

export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return (
    (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
    a.line - b.line ||
    a.column - b.column ||
    (a.message < b.message ? -1 : a.message > b.message ? 1 : 0)
  );
}

// GitHub workflow commands: https://docs.github.com/actions/reference/workflow-commands-for-github-actions
function escapeGithubData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeGithubProperty(text: string): string {
  return escapeGithubData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export function formatDiagnostic(d: Diagnostic, format: OutputFormat = 'text'): string {
  if (format === 'github') {
    const props = [`file=${d.file}`, `line=${d.line}`, `col=${d.column}`, `title=${displayPointer(d.pointer)}`]
      .map((prop) => {
        const eq = prop.indexOf('=');
        return prop.slice(0, eq + 1) + escapeGithubProperty(prop.slice(eq + 1));
      })
      .join(',');
    return `::error ${props}::${escapeGithubData(d.message)}`;
  }
  return `${d.file}:${d.line}:${d.column}  ${displayPointer(d.pointer)}  ${d.message}`;
}

/** "✔ N files valid" or "✖ N errors in M files". */
export function formatSummary(diagnostics: readonly Diagnostic[], filesChecked: number): string {
  if (diagnostics.length === 0) return `✔ ${filesChecked} ${filesChecked === 1 ? 'file' : 'files'} valid`;
  const files = new Set(diagnostics.map((d) => d.file)).size;
  const errors = diagnostics.length;
  return `✖ ${errors} ${errors === 1 ? 'error' : 'errors'} in ${files} ${files === 1 ? 'file' : 'files'}`;
}
