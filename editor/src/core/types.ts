/** The editor's view of the editor HTTP API (/__editor/api, scripts/lib/editor/). */

/** One problem of the project gate (scripts/lib/diagnostics.ts), `pointer` relative to `file`. */
export interface Diagnostic {
  file: string;
  line: number;
  column: number;
  pointer: string;
  message: string;
}

/** A JSON Schema as the block folders write it (loosely typed: the editor reads what it needs). */
export type JsonSchema = Record<string, unknown>;

/** A block type: its folder name, the title and description of its schema.json, and the schema itself. */
export interface BlockMeta {
  type: string;
  title?: string;
  description?: string;
  schema: JsonSchema;
}

/** A content source of schemas/api/sources.json, as the server distils it. */
export interface SourceMeta {
  source: string;
  /** Its name in words ("About us, sections"); the server always gives it, older snapshots may not. */
  title?: string;
  item?: string;
  /** 'list' (pick applies), 'single' or 'nested'. */
  shape?: string;
  params?: string[];
  query?: string[];
  description?: string;
  /** Dotted paths of the item's fields, when the server gives them (choices for `bind`). */
  fields?: string[];
}

export interface ProjectFile {
  value: unknown;
  hash: string;
}

export interface ProjectResponse {
  files: Record<string, ProjectFile>;
  blocks: BlockMeta[];
  sources: SourceMeta[];
  formKinds?: string[];
  fragments?: Record<string, unknown>;
  content?: ContentMeta[];
}

/** A content file as the Content tab lists it (scripts/lib/editor/project.ts, ContentMeta). */
export interface ContentMeta {
  /** content/<name>.json or content/demo/<name>.json. */
  file: string;
  /** The resource the API serves it as (the file's name). */
  resource: string;
  /** The kind of content file (schemas/content/<kind>.json). */
  kind: string;
  /** The name an editor reads: "Shop plans and prices". */
  name: string;
  group: string;
  /** The item schema, `$ref`s resolved. */
  schema: JsonSchema;
  /** 'precedence' when the list is ordered by it; else the array's order counts. */
  orderBy?: string;
  /** The field that names an item (title, name, question, code). */
  labelField?: string;
}

/** A content file (`{ $schema, items }`) as the editor edits it. */
export interface ContentFileValue {
  $schema?: string;
  items: Array<Record<string, unknown>>;
  [key: string]: unknown;
}

/** Whether a path is a content file's (content/<name>.json, content/demo/<name>.json). */
export function isContentPath(path: string): boolean {
  return /^content\/(demo\/)?[A-Za-z0-9_][A-Za-z0-9_.-]*\.json$/.test(path);
}

/** Whether a path is a form file's (forms/<name>.json), not a fragment's (forms/fragments/). */
export function isFormPath(path: string): boolean {
  return path.startsWith('forms/') && !path.startsWith('forms/fragments/');
}

/** The file the pages UI edits. */
export const PAGES_FILE = 'pages.config.json';

/** A section of pages.config.json (loosely typed: what the editor reads and writes). */
export interface SectionValue {
  type: string;
  preset?: string;
  id?: string;
  source?: string;
  query?: Record<string, string>;
  pick?: 'all' | 'first';
  bind?: Record<string, string>;
  props?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface PageValue {
  name: string;
  path: string;
  title?: string;
  description?: string;
  redirect?: string;
  layout?: Record<string, unknown>;
  owner?: { source: string; param: string };
  params?: Record<string, string>;
  sections?: SectionValue[];
  [key: string]: unknown;
}

export interface PagesConfigValue {
  presets?: Record<string, Partial<SectionValue>>;
  pages: PageValue[];
  [key: string]: unknown;
}
