import type { ValidateFunction } from 'ajv';
import path from 'node:path';
import { describeErrors, type SchemaIssue } from './ajv';
import { compareDiagnostics, type Diagnostic } from './diagnostics';
import { originOf, type BundledForm } from '../../domain/form-bundle';
import { duplicateKeys, isObject, locate, type JsonFile, type JsonReadResult } from './json-file';
import { positionAt } from '../../domain/json-syntax';
import { unappliedDefaults } from './block-defaults';
import {
  blockInfo,
  FORM_NAME,
  isSkeletonSpec,
  PROJECT_PATHS,
  productName,
  productShort,
  readInputs,
  SOURCE_MODES,
  sourceCatalogue,
  type BlockInfo,
  type NamedInput,
  type SourceEntry,
} from './project';
import { substituteShort } from '../../domain/sample-path';
import { queryParam, resolveLink, routeMatches, templateParams } from '../../domain/paths';
import { textFieldIssues } from './form-text';
import { patternsOf, superLinearPatterns, type PatternAt } from './pattern-safety';
import { keywordsWithoutMessage, requiredWithoutMessage, unknownFormats, unknownKeywords } from './schema-walk';
import { didYouMean, nearest } from '../../domain/suggest';
import { resolveSection } from '../../domain/page-presets';
import { escapeToken, formatPointer, getAtPointer, isWithin, valuesWithPointers } from '../../domain/json-pointer';
import { versionProblem } from './migrations';
import { uiSchemaIssues } from './ui-schema';
import { loadSchemas, type SchemaRegistry } from './schema-registry';
import { contentRuleProblems, fillNames } from '../../server/content/rules';
import { contentImageProblems } from './images';

/** The outcome of checking a project: every problem, and how many files were read. */
export interface ProjectCheck {
  diagnostics: Diagnostic[];
  filesChecked: number;
}

/** What the schema validator found, as a SchemaIssue carries it. */
type ValidatorFound = Pick<SchemaIssue, 'keyword' | 'params'>;

/** The validator's keyword and params of a problem, when there are (a Diagnostic holds no undefined keys). */
function validatorFound(found: ValidatorFound | undefined): ValidatorFound {
  return found?.keyword === undefined ? {} : { keyword: found.keyword, params: found.params };
}

/** Collects diagnostics and places each one in its file. */
class Reporter {
  readonly diagnostics: Diagnostic[] = [];
  private readonly files = new Map<string, JsonFile>();
  /** Problems found in fragments of forms, once each, with the forms that use the fragment. */
  private readonly inFragments = new Map<string, { diagnostic: Diagnostic; forms: Set<string> }>();
  filesChecked = 0;

  /** Registers a file that was read; reports its syntax error, returns it when it parsed. */
  track(read: JsonReadResult | undefined): JsonFile | undefined {
    if (!read) return undefined;
    this.filesChecked++;
    if (!read.ok) {
      const { file, line, column, message } = read.error;
      this.diagnostics.push({ file, line, column, pointer: '', message });
      return undefined;
    }
    this.files.set(read.json.file, read.json);
    for (const dup of duplicateKeys(read.json.text)) {
      const { line, column } = positionAt(read.json.text, dup.pos);
      this.diagnostics.push({
        file: read.json.file,
        line,
        column,
        pointer: dup.pointer,
        message: `duplicate key '${dup.key}' (only the last one counts)`,
      });
    }
    return read.json;
  }

  missing(file: string, message: string) {
    this.diagnostics.push({ file, line: 1, column: 1, pointer: '', message });
  }

  report(file: string, pointer: string, message: string, at: 'value' | 'key' = 'value', found?: ValidatorFound) {
    const json = this.files.get(file);
    const { line, column } = json ? locate(json, pointer, at) : { line: 1, column: 1 };
    this.diagnostics.push({ file, line, column, pointer, message, ...validatorFound(found) });
  }

  issues(file: string, issues: readonly SchemaIssue[]) {
    for (const issue of issues) this.report(file, issue.pointer, issue.message, issue.at, issue);
  }

  /**
   * Problems of a bundled form (pointers of the bundle), each reported where it was written: in the
   * form file, or in the fragment it comes from (once, saying which forms use it).
   */
  formIssues(form: string, bundle: BundledForm | undefined, issues: readonly SchemaIssue[]) {
    for (const issue of issues) {
      const origin = bundle ? originOf(bundle, issue.pointer) : undefined;
      if (!origin || origin.file === form) {
        this.report(form, origin?.pointer ?? issue.pointer, issue.message, issue.at, issue);
        continue;
      }
      const key = `${origin.file}\0${origin.pointer}\0${issue.message}`;
      const known = this.inFragments.get(key);
      if (known) {
        known.forms.add(form);
        continue;
      }
      const json = this.files.get(origin.file);
      const at = origin.pointer === issue.pointer ? issue.at : 'value';
      const { line, column } = json ? locate(json, origin.pointer, at) : { line: 1, column: 1 };
      this.inFragments.set(key, {
        diagnostic: { file: origin.file, line, column, pointer: origin.pointer, message: issue.message, ...validatorFound(issue) },
        forms: new Set([form]),
      });
    }
  }

  /** Every diagnostic; those of fragments name the forms that use them. */
  all(): Diagnostic[] {
    const fragments = [...this.inFragments.values()].map(({ diagnostic, forms }) => ({
      ...diagnostic,
      message: `${diagnostic.message} (used by ${[...forms].sort().join(', ')})`,
    }));
    return [...this.diagnostics, ...fragments];
  }
}

/** What a block schema says beside its props: x-title and x-summary (the visual editor's words), x-source, x-item (a known resource kind), x-skeleton, x-hydrate, defaults the engine applies. */
function checkBlockSchema(block: BlockInfo, reporter: Reporter, resourceKinds: readonly string[]) {
  const { schema, file, type } = block;
  if (!/^[a-z][A-Za-z0-9]*$/.test(type)) {
    reporter.report(file, '', `block type '${type}' must be camelCase (letters and digits, starting lower case): rename the folder`);
  }
  if ('x-source' in schema && !SOURCE_MODES.includes(schema['x-source'] as never)) {
    reporter.report(file, '/x-source', `must be one of: ${SOURCE_MODES.join(', ')}`);
  }
  if ('x-item' in schema && typeof schema['x-item'] !== 'string') reporter.report(file, '/x-item', 'must be a string (a resource kind)');
  else if (block.item !== null && !resourceKinds.includes(block.item)) {
    reporter.report(file, '/x-item', `unknown resource kind '${block.item}'${didYouMean(block.item, resourceKinds)}`);
  }
  for (const key of ['x-title', 'x-summary'])
    if (key in schema && typeof schema[key] !== 'string')
      reporter.report(file, `/${key}`, 'must be a string (the block as the visual editor names it)');
  if ('x-skeleton' in schema) {
    const spec = schema['x-skeleton'];
    if (!isSkeletonSpec(spec)) {
      reporter.report(
        file,
        '/x-skeleton',
        'must be a height (px, or a CSS length), or { "height": <height>, "noneWhen": "<a boolean prop>" }',
      );
    } else if (typeof spec === 'object') {
      const prop = isObject(schema.properties) ? schema.properties[spec.noneWhen] : undefined;
      if (!isObject(prop) || prop.type !== 'boolean') {
        reporter.report(file, '/x-skeleton/noneWhen', `'${spec.noneWhen}' is not a boolean prop of the block`);
      }
    }
  }
  if ('x-hydrate' in schema && schema['x-hydrate'] !== 'never' && schema['x-hydrate'] !== 'first') {
    reporter.report(
      file,
      '/x-hydrate',
      "must be 'never' (a block whose HTML needs no script), 'first' (a block that sets up the page: input waits for it), or left out (the block runs in the browser)",
    );
  }
  reporter.issues(file, unappliedDefaults(schema));
}

interface Catalogue {
  short: string | undefined;
  byResolvedName: Map<string, { name: string; entry: SourceEntry }>;
}

/** Where a section is checked: the config's reporter, the source catalogue, the route params of its page. */
interface SectionContext {
  report: (pointer: string, message: string, at?: 'value' | 'key') => void;
  catalogue: Catalogue;
  routeParams: ReadonlySet<string>;
  pagePath: string | undefined;
}

/**
 * A section's (or a page owner's) source: a source of the catalogue whose items are the block's, its
 * ':params' among the page's route params, and its query keys among the source's.
 */
function checkSource(context: SectionContext, at: string, source: string, section: Record<string, unknown>, block: BlockInfo | undefined) {
  const { report, catalogue, routeParams, pagePath } = context;
  const { short } = catalogue;
  const resolved = substituteShort(source, short);
  const known = catalogue.byResolvedName.get(resolved);
  if (!known) {
    // Compare with '{short}' filled in on both sides, but suggest the name as the catalogue writes it.
    const hit = nearest(resolved, catalogue.byResolvedName.keys());
    const hint = hit === undefined ? '' : ` — did you mean '${catalogue.byResolvedName.get(hit)!.name}'?`;
    report(`${at}/source`, `unknown source '${source}'${hint}`);
    return;
  }
  const { entry, name } = known;
  if (block?.item && entry.item && block.item !== entry.item) {
    report(`${at}/source`, `source '${name}' gives '${entry.item}' items but block '${block.type}' expects '${block.item}'`);
  }
  for (const param of templateParams(substituteShort(source, short))) {
    if (!routeParams.has(param)) {
      report(`${at}/source`, `source parameter ':${param}' is not a parameter of the page path '${pagePath ?? ''}'`);
    }
  }
  if (isObject(section.query)) {
    for (const [key, value] of Object.entries(section.query)) {
      const param = typeof value === 'string' ? queryParam(value) : undefined;
      if (param !== undefined && !routeParams.has(param)) {
        report(
          `${at}/query/${escapeToken(key)}`,
          `query value ':${param}' is not a parameter of the page path '${pagePath ?? ''}' nor its owner's${didYouMean(param, routeParams)}`,
        );
      }
    }
  }
  if (isObject(section.query) && entry.query) {
    for (const key of Object.keys(section.query)) {
      if (entry.query.includes(key)) continue;
      const message =
        entry.query.length === 0
          ? `source '${name}' takes no query parameters`
          : `unknown query parameter '${key}' for source '${name}'${didYouMean(key, entry.query)}`;
      report(`${at}/query/${escapeToken(key)}`, message, 'key');
    }
  }
}

function checkSections(
  config: JsonFile,
  reporter: Reporter,
  blocks: Map<string, BlockInfo>,
  blockValidator: (type: string) => ValidateFunction | undefined,
  catalogue: Catalogue,
  formNames: readonly string[],
) {
  const data = config.data;
  if (!isObject(data) || !Array.isArray(data.pages)) return;
  const report = (pointer: string, message: string, at: 'value' | 'key' = 'value') => reporter.report(config.file, pointer, message, at);
  const { short } = catalogue;

  const presets = isObject(data.presets) ? data.presets : {};
  const presetNames = Object.keys(presets);
  const used = new Set<string>();

  data.pages.forEach((page, i) => {
    if (!isObject(page) || !Array.isArray(page.sections)) return;
    const pagePath = typeof page.path === 'string' ? substituteShort(page.path, short) : undefined;
    const routeParams = new Set([
      ...(pagePath ? templateParams(pagePath) : []),
      ...(isObject(page.params) ? Object.keys(page.params) : []),
    ]);
    const ids = new Map<string, number>();
    // The page owner (reseller, merchant, promotion): its source is read with the route params;
    // its id then joins them under owner.param for the sections.
    if (isObject(page.owner) && typeof page.owner.source === 'string') {
      checkSource({ report, catalogue, routeParams, pagePath }, formatPointer(['pages', i, 'owner']), page.owner.source, {}, undefined);
      if (typeof page.owner.param === 'string') routeParams.add(page.owner.param);
    }

    page.sections.forEach((own, j) => {
      if (!isObject(own) || typeof own.type !== 'string') return;
      const at = formatPointer(['pages', i, 'sections', j]);
      // A section that names a preset is checked as the page renders it, the preset applied; a
      // problem in a value the preset gives is reported at the preset.
      const presetName = typeof own.preset === 'string' ? own.preset : undefined;
      const preset = presetName !== undefined && Object.hasOwn(presets, presetName) ? presets[presetName] : undefined;
      if (presetName !== undefined) {
        used.add(presetName);
        if (!isObject(preset)) report(`${at}/preset`, `unknown preset '${presetName}'${didYouMean(presetName, presetNames)}`);
        else if (preset.type !== own.type)
          report(`${at}/type`, `preset '${presetName}' is for block type '${String(preset.type)}', not '${own.type}'`);
      }
      const resolved = resolveSection(own, presets);
      const section = isObject(resolved) ? resolved : own;
      const ownPointer = (pointer: string) => {
        if (!isObject(preset) || !isWithin(pointer, at)) return pointer;
        const rest = pointer.slice(at.length);
        if (getAtPointer(own, rest).found) return pointer;
        return getAtPointer(preset, rest).found ? formatPointer(['presets', presetName ?? '']) + rest : pointer;
      };
      const reportHere = (pointer: string, message: string, where: 'value' | 'key' = 'value') =>
        report(ownPointer(pointer), message, where);
      const { type } = own;
      const block = blocks.get(type);
      if (!block) {
        report(`${at}/type`, `unknown block type '${type}'${didYouMean(type, blocks.keys())}`);
      } else if (section.props === undefined || isObject(section.props)) {
        // The block's own props; a section without any gives {} (the schema's defaults fill it in).
        const validate = blockValidator(type);
        if (validate && !validate(section.props ?? {}))
          reporter.issues(
            config.file,
            describeErrors(validate.errors, `${at}/props`).map((issue) => ({ ...issue, pointer: ownPointer(issue.pointer) })),
          );
      }

      if (typeof section.id === 'string') {
        const first = ids.get(section.id);
        if (first !== undefined) reportHere(`${at}/id`, `duplicate section id '${section.id}' on this page (also section ${first})`);
        else ids.set(section.id, j);
      }

      const source = typeof section.source === 'string' ? section.source : undefined;
      if (source === undefined) {
        if (block?.source === 'required') reportHere(at, `block '${type}' needs a 'source'`);
        for (const key of ['pick', 'query', 'bind'] as const) {
          if (key in section) reportHere(`${at}/${key}`, `'${key}' has no effect without a 'source'`, 'key');
        }
      } else if (block?.source === 'none') {
        reportHere(`${at}/source`, `block '${type}' takes no source`, 'key');
      } else {
        checkSource({ report, catalogue, routeParams, pagePath }, at, source, section, block);
      }

      // bind: props taken from the bound item; each must be a prop the block declares.
      if (block && isObject(section.bind)) {
        const declared = isObject(block.schema.properties) ? Object.keys(block.schema.properties) : [];
        for (const prop of Object.keys(section.bind)) {
          if (!declared.includes(prop))
            reportHere(`${at}/bind/${escapeToken(prop)}`, `block '${type}' has no prop '${prop}'${didYouMean(prop, declared)}`, 'key');
        }
      }

      const form = isObject(section.props) ? section.props.form : undefined;
      if (typeof form === 'string' && !formNames.includes(form)) {
        reportHere(`${at}/props/form`, `unknown form '${form}'${didYouMean(form, formNames)}`);
      }
    });
  });

  for (const name of presetNames) {
    if (!used.has(name)) report(formatPointer(['presets', name]), `preset '${name}' is named by no section`, 'key');
  }
}

/**
 * Why an in-app link (an 'href' starting with a single '/') reaches no page of `routes`, or
 * undefined when it does (or is not in-app). Links to files ('/terms.pdf') and to the API are left alone.
 */
function linkProblem(href: string, routes: readonly string[], short: string | undefined, from?: string): string | undefined {
  const written = href;
  if (href.startsWith('.')) {
    // Relative to the page that shows it: only a page's own section knows which page that is.
    if (from === undefined) return `the relative link '${href}' has no page to be relative to: write its site path ('/shop')`;
    href = resolveLink(href, substituteShort(from, short));
  }
  if (!href.startsWith('/') || href.startsWith('//')) return undefined;
  const target = substituteShort(href, short);
  const pathname = target.split(/[?#]/)[0];
  if (pathname.startsWith('/api/') || /\.[A-Za-z0-9]+$/.test(pathname)) return undefined;
  if (routes.some((route) => routeMatches(target, route))) return undefined;
  const named = written === href ? `'${href}'` : `'${written}' (${href} from this page)`;
  return `no page serves the link ${named}${didYouMean(pathname, routes)}`;
}

/** Checks the pages (names, paths, redirects, links) and returns the route paths they serve. */
function checkPages(config: JsonFile, reporter: Reporter, short: string | undefined): string[] {
  const data = config.data;
  if (!isObject(data) || !Array.isArray(data.pages)) return [];
  const report = (pointer: string, message: string) => reporter.report(config.file, pointer, message);
  const paths = new Map<string, { index: number; name: string }>();
  const names = new Map<string, number>();
  const routes: string[] = [];
  const pages = data.pages.map((page) => (isObject(page) ? page : {}));

  pages.forEach((page, i) => {
    if (typeof page.name === 'string') {
      const first = names.get(page.name);
      if (first !== undefined) report(formatPointer(['pages', i, 'name']), `duplicate page name '${page.name}' (also page ${first})`);
      else names.set(page.name, i);
    }
    if (typeof page.path === 'string') {
      const resolved = substituteShort(page.path, short);
      routes.push(resolved);
      const first = paths.get(resolved);
      if (first !== undefined) report(formatPointer(['pages', i, 'path']), `duplicate path '${resolved}' (also page '${first.name}')`);
      else paths.set(resolved, { index: i, name: typeof page.name === 'string' ? page.name : `#${i}` });
    }
  });

  pages.forEach((page, i) => {
    if (typeof page.redirect !== 'string') return;
    const target = substituteShort(page.redirect, short).split(/[?#]/)[0];
    const at = formatPointer(['pages', i, 'redirect']);
    if (!paths.has(target)) {
      report(at, `redirect target '${page.redirect}' is not the path of any page${didYouMean(target, paths.keys())}`);
      return;
    }
    const own = new Set([
      ...(typeof page.path === 'string' ? templateParams(substituteShort(page.path, short)) : []),
      ...(isObject(page.params) ? Object.keys(page.params) : []),
    ]);
    for (const param of templateParams(target)) {
      if (!own.has(param)) report(at, `redirect parameter ':${param}' is not a parameter of this page's path`);
    }
  });

  // Every in-app link (an 'href' starting with a single '/', or relative to its page: '..#plans') must
  // reach a page; links to files ('/terms.pdf') and to the API are left alone.
  for (const { pointer, value } of valuesWithPointers(data)) {
    const page = /^\/pages\/(\d+)\//.exec(pointer);
    const from = page ? (data.pages[Number(page[1])] as { path?: unknown } | undefined)?.path : undefined;
    const problem =
      typeof value === 'string' && pointer.endsWith('/href')
        ? linkProblem(value, routes, short, typeof from === 'string' ? from : undefined)
        : undefined;
    if (problem) report(pointer, problem);
  }
  return routes;
}

/** Keywords of a form whose errors a visitor sees: each needs the form's own message (ajv-errors). */
const MESSAGE_KEYWORDS = ['maxLength', 'pattern', 'x-text'];

/**
 * Every regular expression of the schema files and of the forms' data schemas must run in linear
 * time (pattern-safety.ts): a super-linear one is reported with recheck's attack string.
 */
function checkPatternSafety(
  reporter: Reporter,
  files: ReadonlyArray<{ file: string; schema: unknown; pointer: string; bundle?: BundledForm }>,
) {
  const found: Array<{ file: string; patterns: PatternAt[] }> = files.map(({ file, schema, pointer }) => ({
    file,
    patterns: patternsOf(schema, pointer),
  }));
  const bundles = new Map(files.map(({ file, bundle }) => [file, bundle]));
  for (const [file, issues] of superLinearPatterns(found)) {
    const bundle = bundles.get(file);
    if (bundle) reporter.formIssues(file, bundle, issues);
    else reporter.issues(file, issues);
  }
}

function checkForms(
  forms: Array<{ input: NamedInput; json: JsonFile }>,
  reporter: Reporter,
  registry: SchemaRegistry,
  formSchemaFile: string | undefined,
  links: { routes: readonly string[]; short: string | undefined } | undefined,
) {
  const validateForm = formSchemaFile ? registry.validator(formSchemaFile) : undefined;
  const keys = new Map<string, string>();
  for (const { input } of forms) {
    const { file, bundle } = input;
    // The form as the site and the server run it: fragments resolved, default messages expanded.
    const data = bundle?.data;
    const issues = (list: readonly SchemaIssue[]) => reporter.formIssues(file, bundle, list);
    const report = (pointer: string, message: string) => issues([{ pointer, message, at: 'value' }]);
    for (const issue of bundle?.issues ?? []) reporter.report(issue.file, issue.pointer, issue.message, issue.at);
    if (bundle && bundle.issues.length > 0) continue;
    let metaIssues: SchemaIssue[] = [];
    if (validateForm && !validateForm(data)) {
      metaIssues = describeErrors(validateForm.errors);
      issues(metaIssues);
    }
    if (!isObject(data)) continue;
    if (typeof data.key === 'string') {
      const other = keys.get(data.key);
      if (other) report('/key', `form key '${data.key}' is also the key of ${other}`);
      else keys.set(data.key, file);
    }
    // The success dialog's link must reach a page of the site, as every link of pages.config.json.
    const flow = isObject(data.flow) ? data.flow : {};
    const successLink = isObject(flow.success) && isObject(flow.success.link) ? flow.success.link : undefined;
    if (links && typeof successLink?.href === 'string') {
      const problem = linkProblem(successLink.href, links.routes, links.short);
      if (problem) report('/flow/success/link/href', problem);
    }
    const schema = data.schema;
    if (!isObject(schema)) continue;
    // Client-only confirmations are fields of the form that are not sent: each must be a field.
    const fields = isObject(schema.properties) ? schema.properties : {};
    if (Array.isArray(data.clientOnly)) {
      data.clientOnly.forEach((name, i) => {
        if (typeof name === 'string' && !(name in fields))
          report(`/clientOnly/${i}`, `'${name}' is not a field of the form${didYouMean(name, Object.keys(fields))}`);
      });
    }
    // The Reply-To of the form's e-mail is a field of the form.
    const replyTo = isObject(data.mail) ? data.mail.replyTo : undefined;
    if (typeof replyTo === 'string' && !(replyTo in fields))
      report('/mail/replyTo', `'${replyTo}' is not a field of the form${didYouMean(replyTo, Object.keys(fields))}`);
    issues(unknownKeywords(schema, '/schema'));
    issues(unknownFormats(schema, '/schema', registry.formats));
    issues(requiredWithoutMessage(schema, '/schema'));
    issues(keywordsWithoutMessage(schema, MESSAGE_KEYWORDS, '/schema'));
    issues(textFieldIssues(schema, isObject(data.uiSchema) ? data.uiSchema : undefined, '/schema'));
    if (isObject(data.uiSchema)) issues(uiSchemaIssues(data.uiSchema, schema, '/uiSchema'));
    // A schema that the meta-schema rejects cannot be compiled meaningfully: its errors say enough.
    if (metaIssues.some((issue) => issue.pointer === '/schema' || issue.pointer.startsWith('/schema/'))) continue;
    const compileIssue = registry.formCompileIssue(file, schema);
    if (compileIssue) issues([compileIssue]);
  }
}

/** Runs every check on the project in `root` (its own pages.config.json, forms/ and schemas/). */
export function checkProject(root: string): ProjectCheck {
  const inputs = readInputs(root);
  const reporter = new Reporter();

  const config = reporter.track(inputs.config);
  if (!inputs.config) reporter.missing(PROJECT_PATHS.config, 'file not found');
  const pagesSchema = reporter.track(inputs.pagesSchema);
  if (!inputs.pagesSchema) reporter.missing(PROJECT_PATHS.pagesSchema, 'file not found');
  const formSchema = reporter.track(inputs.formSchema);
  if (!inputs.formSchema && inputs.forms.length > 0) reporter.missing(PROJECT_PATHS.formSchema, 'file not found');
  reporter.track(inputs.sources);

  const schemaFiles: Array<{ file: string; json: JsonFile }> = [];
  if (pagesSchema) schemaFiles.push({ file: pagesSchema.file, json: pagesSchema });
  if (formSchema) schemaFiles.push({ file: formSchema.file, json: formSchema });
  for (const input of [...inputs.blocks, ...inputs.resources, ...inputs.otherSchemas]) {
    const json = reporter.track(input.read);
    if (json) schemaFiles.push({ file: input.file, json });
  }
  const forms = inputs.forms.flatMap((input) => {
    if (!FORM_NAME.test(input.name)) {
      reporter.report(
        input.file,
        '',
        `form name '${input.name}' must be lowercase letters, digits and hyphens, at most 64: rename the file`,
      );
    }
    const json = reporter.track(input.read);
    return json ? [{ input, json }] : [];
  });
  for (const fragment of inputs.formFragments) reporter.track(fragment.read);

  // Each file's format version: an older file is migrated by `npm run migrate`, not by hand.
  const versioned = [
    ...(config ? [{ json: config, kind: 'pages' as const }] : []),
    ...forms.map(({ json }) => ({ json, kind: 'form' as const })),
  ];
  for (const { json, kind } of versioned) {
    const problem = versionProblem(kind, json.data);
    const stated = isObject(json.data) && 'formatVersion' in json.data;
    if (problem) reporter.report(json.file, stated ? '/formatVersion' : '', problem);
  }

  const registry = loadSchemas(inputs.root, reporter, schemaFiles);

  const blocks = new Map<string, BlockInfo>();
  for (const input of inputs.blocks) {
    const info = blockInfo(input);
    if (!info) continue;
    blocks.set(info.type, info);
    checkBlockSchema(
      info,
      reporter,
      inputs.resources.map((r) => r.name),
    );
  }

  const short = productShort(inputs.config);
  const byResolvedName = new Map<string, { name: string; entry: SourceEntry }>();
  for (const [name, entry] of sourceCatalogue(inputs.sources)) byResolvedName.set(substituteShort(name, short), { name, entry });

  if (config && pagesSchema) {
    const validate = registry.validator(pagesSchema.file);
    if (validate && !validate(config.data)) reporter.issues(config.file, describeErrors(validate.errors));
  }
  let routes: string[] | undefined;
  if (config) {
    routes = checkPages(config, reporter, short);
    checkSections(
      config,
      reporter,
      blocks,
      (type) => registry.validator(blocks.get(type)!.file),
      { short, byResolvedName },
      inputs.forms.map((f) => f.name),
    );
  }
  checkForms(forms, reporter, registry, formSchema?.file, routes ? { routes, short } : undefined);
  const content = inputs.content.flatMap((input) => {
    const json = reporter.track(input.read);
    return json ? [{ input, json }] : [];
  });
  checkContent(
    content,
    reporter,
    registry,
    byResolvedName,
    { name: productName(inputs.config) ?? 'Product', short: short ?? 'product' },
    root,
  );
  checkPatternSafety(reporter, [
    ...schemaFiles.map(({ file, json }) => ({ file, schema: json.data, pointer: '' })),
    ...forms.flatMap(({ input }) =>
      isObject(input.bundle?.data) && !input.bundle.issues.length
        ? [{ file: input.file, schema: input.bundle.data.schema, pointer: '/schema', bundle: input.bundle }]
        : [],
    ),
  ]);

  registry.save();
  return { diagnostics: reporter.all().sort(compareDiagnostics), filesChecked: reporter.filesChecked };
}

/**
 * The content files: each against the schema its `$schema` names (schemas/content/<kind>.json, the
 * kind that schemas/api/sources.json gives the resource), its texts with the product's names filled
 * as the server serves them; then the rules a schema cannot say (server/content/rules.ts, which the
 * server's start applies too).
 */
function checkContent(
  content: ReadonlyArray<{ input: NamedInput; json: JsonFile }>,
  reporter: Reporter,
  registry: SchemaRegistry,
  byResolvedName: ReadonlyMap<string, { name: string; entry: SourceEntry }>,
  product: { name: string; short: string },
  root: string,
) {
  for (const { input, json } of content) {
    const declared = isObject(json.data) ? json.data.$schema : undefined;
    if (typeof declared !== 'string') {
      reporter.report(json.file, '', `missing "$schema": name the file's kind, e.g. "../${PROJECT_PATHS.contentSchemas}/banner.json"`);
      continue;
    }
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(json.file), declared));
    const kind = target.startsWith(`${PROJECT_PATHS.contentSchemas}/`) ? path.posix.basename(target, '.json') : undefined;
    const validate = kind !== undefined ? registry.validator(target) : undefined;
    if (!validate) {
      reporter.report(json.file, '/$schema', `'${declared}' is not a schema of ${PROJECT_PATHS.contentSchemas}/`);
      continue;
    }
    const source = byResolvedName.get(substituteShort(input.name, product.short)) ?? byResolvedName.get(`${product.short}-${input.name}`);
    const expected = source?.entry.item;
    if (expected !== undefined && expected !== kind) {
      reporter.report(
        json.file,
        '/$schema',
        `the items of '${input.name}' are ${expected} (${PROJECT_PATHS.sources}): '${declared}' describes ${kind}`,
      );
      continue;
    }
    if (!validate(fillNames(json.data, product))) reporter.issues(json.file, describeErrors(validate.errors));
  }
  const files = content.map(({ input, json }) => ({
    file: json.file,
    resource: input.name,
    demo: json.file.startsWith(`${PROJECT_PATHS.content}/demo/`),
    data: json.data,
  }));
  for (const problem of contentRuleProblems(files)) reporter.report(problem.file, problem.pointer, problem.message);
  // The images of content/media they name (scripts/lib/images.ts).
  for (const problem of contentImageProblems(files, root)) reporter.report(problem.file, problem.pointer, problem.message);
}

/** Every problem of the project in `root`, sorted by file and position. */
export function validateProject(root: string): Diagnostic[] {
  return checkProject(root).diagnostics;
}
