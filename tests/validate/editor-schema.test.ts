import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { applyEdits, findNodeAtLocation, modify, parseTree } from 'jsonc-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { getLanguageService, TextDocument, type LanguageService } from 'vscode-json-languageservice';
import { generate } from '../../scripts/lib/generate/run';
import { REPO } from './helpers';

/**
 * What an editor's IDE does with pages.config.json: the JSON language service of VS Code
 * (vscode-json-languageservice) follows the file's `$schema` (schemas/pages.schema.json, which
 * applies the generated src/generated/sections.schema.json) and completes and checks each section's
 * props by the section's `type`, with the titles and descriptions of src/blocks/<type>/schema.json.
 */
const CONFIG = path.join(REPO, 'pages.config.json');
const FORMAT = { formattingOptions: { insertSpaces: true, tabSize: 2 } };
let service: LanguageService;

beforeAll(async () => {
  await generate(REPO);
  service = getLanguageService({
    schemaRequestService: (uri) => Promise.resolve(readFileSync(fileURLToPath(uri), 'utf8')),
    workspaceContext: { resolveRelativePath: (relative, resource) => new URL(relative, resource).href },
  });
  service.configure({ validate: true, allowComments: false });
});

function documentOf(text: string): TextDocument {
  return TextDocument.create(pathToFileURL(CONFIG).href, 'json', 1, text);
}

/** The real config, with `props` of the first banner section set to `props`; where that object starts. */
function withBannerProps(props: Record<string, unknown>): { text: string; propsOffset: number } {
  const original = readFileSync(CONFIG, 'utf8');
  const config = JSON.parse(original) as { pages: Array<{ sections?: Array<{ type: string }> }> };
  const page = config.pages.findIndex((p) => p.sections?.some((s) => s.type === 'banner'));
  const section = config.pages[page].sections!.findIndex((s) => s.type === 'banner');
  const at = ['pages', page, 'sections', section, 'props'];
  const text = applyEdits(original, modify(original, at, props, FORMAT));
  const node = findNodeAtLocation(parseTree(text)!, at)!;
  return { text, propsOffset: node.offset };
}

describe("pages.config.json in an editor's IDE", () => {
  it("completes a banner section's props with the banner's props and descriptions", async () => {
    const { text, propsOffset } = withBannerProps({});
    const document = documentOf(text);
    const completion = await service.doComplete(document, document.positionAt(propsOffset + 1), service.parseJSONDocument(document));
    const banner = JSON.parse(readFileSync(path.join(REPO, 'src/blocks/banner/schema.json'), 'utf8')) as {
      properties: Record<string, { description?: string }>;
    };
    const labels = completion!.items.map((item) => item.label);
    expect(labels.sort()).toEqual(Object.keys(banner.properties).sort());
    const item = completion!.items.find((i) => i.label === 'setHeaderColor')!;
    const documentation = typeof item.documentation === 'string' ? item.documentation : (item.documentation?.value ?? '');
    expect(documentation).toContain(banner.properties.setHeaderColor.description);
  });

  it('flags a misspelt prop where it is written', async () => {
    const { text } = withBannerProps({ setHeaderColour: true });
    const document = documentOf(text);
    const diagnostics = await service.doValidation(document, service.parseJSONDocument(document));
    expect(diagnostics.map((d) => d.message)).toEqual(['Property setHeaderColour is not allowed.']);
    expect(document.getText(diagnostics[0].range)).toBe('"setHeaderColour"');
  });

  it('checks a prop value against its enum', async () => {
    const { text } = withBannerProps({ setHeaderColor: 'yes' });
    const document = documentOf(text);
    const diagnostics = await service.doValidation(document, service.parseJSONDocument(document));
    expect(diagnostics.map((d) => d.message)).toEqual(['Incorrect type. Expected "boolean".']);
  });

  it('completes enum values in a section that names a preset, whose props are partial', async () => {
    const original = readFileSync(CONFIG, 'utf8');
    const config = JSON.parse(original) as { pages: Array<{ name: string; sections?: Array<{ type: string; preset?: string }> }> };
    const page = config.pages.findIndex((p) => p.name === 'Shop');
    const section = config.pages[page].sections!.findIndex((s) => s.preset === 'plan-grid');
    const at = ['pages', page, 'sections', section, 'props'];
    const text = applyEdits(original, modify(original, at, { cartKind: '' }, FORMAT));
    const value = findNodeAtLocation(parseTree(text)!, [...at, 'cartKind'])!;
    const document = documentOf(text);
    const json = service.parseJSONDocument(document);
    const completion = await service.doComplete(document, document.positionAt(value.offset + 1), json);
    expect(completion!.items.map((item) => item.label).sort()).toEqual(['"merchant"', '"promo"', '"regular"']);
    // The preset gives the rest: nothing is missing, only the empty value is wrong.
    const diagnostics = await service.doValidation(document, json);
    expect(diagnostics.map((d) => d.message)).toEqual([expect.stringContaining('Value is not accepted')]);
  });

  it('finds no problem in the real config', async () => {
    const document = documentOf(readFileSync(CONFIG, 'utf8'));
    expect(await service.doValidation(document, service.parseJSONDocument(document))).toEqual([]);
  });
});

/**
 * A content file in the editor: the language service follows its `$schema`, a path relative to the
 * file (schemas/content/<kind>.json, which $refs schemas/api/resources/<kind>.json), as VS Code does.
 */
describe("content/ files in an editor's IDE", () => {
  const ARTICLES = path.join(REPO, 'content/articles.json');
  const PROMOS = path.join(REPO, 'content/demo/promos.json');
  const contentDocument = (file: string, text: string) => TextDocument.create(pathToFileURL(file).href, 'json', 1, text);
  const validate = (document: TextDocument) => service.doValidation(document, service.parseJSONDocument(document));

  it("completes a new article's fields, with their descriptions", async () => {
    const original = readFileSync(ARTICLES, 'utf8');
    const text = applyEdits(original, modify(original, ['items', -1], {}, FORMAT));
    const items = findNodeAtLocation(parseTree(text)!, ['items'])!;
    const added = items.children![items.children!.length - 1];
    expect(text.slice(added.offset, added.offset + added.length)).toBe('{}');
    const document = contentDocument(ARTICLES, text);
    const completion = await service.doComplete(document, document.positionAt(added.offset + 1), service.parseJSONDocument(document));
    const article = JSON.parse(readFileSync(path.join(REPO, 'schemas/api/resources/article.json'), 'utf8')) as {
      properties: Record<string, { description?: string }>;
    };
    const labels = completion!.items.map((item) => item.label);
    expect(labels).toEqual(expect.arrayContaining(['title', 'description', 'post_date', 'created_at', 'background_image']));
    expect(labels.sort()).toEqual(Object.keys(article.properties).sort());
    const item = completion!.items.find((i) => i.label === 'post_date')!;
    const documentation = typeof item.documentation === 'string' ? item.documentation : (item.documentation?.value ?? '');
    expect(documentation).toContain(article.properties.post_date.description);
  });

  it('flags a misspelt field of an article where it is written', async () => {
    const document = contentDocument(ARTICLES, readFileSync(ARTICLES, 'utf8').replace('"title":', '"titel":'));
    const diagnostics = await validate(document);
    expect(diagnostics.map((d) => d.message).sort()).toEqual(['Missing property "title".', 'Property titel is not allowed.']);
    const unknown = diagnostics.find((d) => d.message === 'Property titel is not allowed.')!;
    expect(document.getText(unknown.range)).toBe('"titel"');
  });

  it('finds no problem in the real content/articles.json and content/demo/promos.json', async () => {
    for (const file of [ARTICLES, PROMOS]) {
      expect(await validate(contentDocument(file, readFileSync(file, 'utf8')))).toEqual([]);
    }
  });

  it("checks a content/demo/ file against the schema its '../../' $schema names", async () => {
    const text = readFileSync(PROMOS, 'utf8').replace('"code": "WELCOME10"', '"kode": "WELCOME10"');
    const document = contentDocument(PROMOS, text);
    const diagnostics = await validate(document);
    expect(diagnostics.map((d) => d.message).sort()).toEqual(['Missing property "code".', 'Property kode is not allowed.']);
  });
});
