import { describe, expect, it } from 'vitest';
import { applyChanges, diffValues, humanize } from '../../editor/src/core/json';
import {
  duplicatePage,
  followSections,
  newSection,
  pageFieldErrors,
  problemsBySection,
  propsErrorSchema,
  pageTitle,
  resolvedSection,
  sectionTitle,
  sectionTitles,
  sourcesFor,
} from '../../editor/src/core/model';
import { samplePath } from '../../domain/sample-path';
import { PAGES_FILE, type BlockMeta, type Diagnostic, type PageValue, type SourceMeta } from '../../editor/src/core/types';

const pages: PageValue[] = [
  { name: 'Home', path: '/' },
  { name: 'Shop', path: '/shop' },
  { name: 'ShopMerchant', path: '/shop/promo/:slug' },
];

describe('pages', () => {
  it('refuses a duplicate name or path, a path without a leading slash and a name the schema refuses', () => {
    expect(pageFieldErrors(pages, { name: 'Shop', path: '/x' }).name).toMatch(/exists/);
    expect(pageFieldErrors(pages, { name: 'Faq', path: '/shop' }).path).toMatch(/Shop has this path/);
    expect(pageFieldErrors(pages, { name: 'Faq', path: 'faq' }).path).toMatch(/start with '\/'/);
    expect(pageFieldErrors(pages, { name: 'my page', path: '/faq' }).name).toBeDefined();
    expect(pageFieldErrors(pages, { name: 'Faq', path: '/faq' })).toEqual({});
    // A page is not its own duplicate.
    expect(pageFieldErrors(pages, { name: 'Shop', path: '/shop' }, 1)).toEqual({});
  });

  it('duplicates a page under a unique name and path, keeping its params', () => {
    expect(duplicatePage(pages[1], pages)).toMatchObject({ name: 'ShopCopy', path: '/shop-copy' });
    const twice = [...pages, { name: 'ShopCopy', path: '/shop-copy' }];
    expect(duplicatePage(pages[1], twice)).toMatchObject({ name: 'ShopCopy2', path: '/shop-copy-2' });
    expect(duplicatePage(pages[2], pages).path).toBe('/shop-merchant-copy/:slug');
  });

  it('gives sample addresses for paths with params', () => {
    expect(samplePath({ name: 'ShopMerchant', path: '/shop/promo/:slug' }, 'bd')).toBe('/shop/promo/demo-merchant');
    expect(samplePath({ name: 'ResellerHome', path: '/shop/reseller/:slug/' }, 'bd')).toBe('/shop/reseller/demo-reseller/');
    expect(samplePath({ name: 'Terms', path: '/terms/:slug?', params: { slug: '{short}' } }, 'bd')).toBe('/terms');
    expect(samplePath({ name: 'App', path: '/{short}-app' }, 'bd')).toBe('/bd-app');
  });
});

describe('sections', () => {
  const block: BlockMeta = {
    type: 'message',
    schema: {
      type: 'object',
      required: ['title', 'texts'],
      properties: {
        title: { type: 'string', minLength: 1 },
        level: { type: 'integer', enum: [1, 2] },
        texts: { $ref: '#/definitions/Texts' },
      },
      definitions: {
        Texts: { type: 'object', required: ['more', 'kind'], properties: { more: { type: 'string' }, kind: { enum: ['a', 'b'] } } },
      },
    },
  };

  it('starts a new section with the required props of its block', () => {
    expect(newSection(block)).toEqual({ type: 'message', props: { title: '', texts: { more: '', kind: 'a' } } });
    expect(newSection({ type: 'banner', schema: { type: 'object', properties: {} } })).toEqual({ type: 'banner' });
  });

  it('resolves a preset section as the site does', () => {
    const presets = { grid: { type: 'planGrid', id: 'plans', props: { texts: { title: 'Plans', add: 'Add' } } } };
    expect(resolvedSection({ type: 'planGrid', preset: 'grid', props: { texts: { title: 'Ours' } } }, { pages: [], presets })).toEqual({
      type: 'planGrid',
      id: 'plans',
      props: { texts: { title: 'Ours', add: 'Add' } },
    });
  });

  it('offers the sources of the block item', () => {
    const sources = [
      { source: 'a', item: 'plan' },
      { source: 'b', item: 'banner' },
    ];
    expect(sourcesFor({ type: 'x', schema: { 'x-item': 'plan' } }, sources).map((s) => s.source)).toEqual(['a']);
    expect(sourcesFor({ type: 'x', schema: {} }, sources)).toHaveLength(2);
  });

  it('puts the gate problems of a section on its fields and in the outline', () => {
    const problem = (pointer: string): Diagnostic => ({ file: PAGES_FILE, line: 1, column: 1, pointer, message: `bad ${pointer}` });
    const problems = [
      problem('/pages/0/sections/1/props/texts/title'),
      problem('/pages/0/sections/1/props'),
      problem('/pages/0/sections/3/source'),
      problem('/pages/1/sections/1'),
    ];
    expect(propsErrorSchema(problems, '/pages/0/sections/1')).toEqual({
      __errors: ['bad /pages/0/sections/1/props'],
      texts: { title: { __errors: ['bad /pages/0/sections/1/props/texts/title'] } },
    });
    const bySection = problemsBySection(problems, 0);
    expect([...bySection.keys()]).toEqual([1, 3]);
    expect(bySection.get(1)).toHaveLength(2);
  });
});

describe('problems of moved sections', () => {
  const a = { type: 'banner' };
  const b = { type: 'faq' };
  const c = { type: 'cards' };
  const at = (pointer: string): Diagnostic => ({ file: PAGES_FILE, pointer, message: 'm', line: 1, column: 1 });
  const config = (...sections: object[]) => ({ pages: [{ name: 'Home', path: '/', sections }] });

  it('follow their section by identity, stay with one changed in place, and go with one removed', () => {
    const before = config(a, b, c);
    const problems = [
      at('/pages/0/sections/0/props/title'),
      at('/pages/0/sections/2'),
      at('/site/product'),
      { ...at('/x'), file: 'forms/contact.json' },
    ];
    expect(followSections(problems, before, config(b, c, a)).map((p) => p.pointer)).toEqual([
      '/pages/0/sections/2/props/title',
      '/pages/0/sections/1',
      '/site/product',
      '/x',
    ]);
    // The first section changed in place (a new object at its index): its problem stays there.
    expect(followSections(problems, before, config({ type: 'banner', id: 'x' }, b, c))).toBe(problems);
    // The first section removed: its problem goes, the third's moves up.
    expect(followSections(problems, before, config(b, c)).map((p) => p.pointer)).toEqual(['/pages/0/sections/1', '/site/product', '/x']);
  });
});

describe('json', () => {
  it('diffs objects key by key and replaces lists whole', () => {
    const before = { a: 1, texts: { title: 'x', more: 'y' }, list: [1, 2] };
    const after = { a: 1, texts: { title: 'z', more: 'y' }, list: [1, 2, 3], added: true };
    expect(diffValues(before, after)).toEqual([
      { path: ['texts', 'title'], value: 'z' },
      { path: ['list'], value: [1, 2, 3] },
      { path: ['added'], value: true },
    ]);
    expect(diffValues({ a: 1, b: 2 }, { a: 1, b: undefined })).toEqual([{ path: ['b'], remove: true }]);
  });

  it('applies changes, creating the objects on the way', () => {
    const target: Record<string, unknown> = { keep: 1 };
    applyChanges(target, [
      { path: ['texts', 'title'], value: 'z' },
      { path: ['keep'], remove: true },
      { path: ['missing', 'deep'], remove: true },
    ]);
    expect(target).toEqual({ texts: { title: 'z' } });
  });

  it('humanizes schema names', () => {
    expect(humanize('PlanGridProps')).toBe('Plan grid');
    expect(humanize('cartKind')).toBe('Cart kind');
  });
});

describe('names an editor reads', () => {
  const sectionList: BlockMeta = { type: 'sectionList', title: 'SectionListProps', schema: { type: 'object' } };
  const faq: BlockMeta = { type: 'faq', title: 'Frequently asked questions', schema: { type: 'object' } };
  const sources: SourceMeta[] = [
    { source: 'about-us-sections', title: 'About us, sections', item: 'section' },
    { source: 'tele-treatments', title: 'Tele-treatment, sections', item: 'section' },
  ];

  it('names a section by its own title, else its content, else its block', () => {
    expect(sectionTitle({ type: 'faq', source: 'faqs', props: { title: 'Questions about us' } }, faq, sources)).toBe('Questions about us');
    expect(sectionTitle({ type: 'planGrid', props: { texts: { title: 'Choose your plan' } } }, undefined, sources)).toBe(
      'Choose your plan',
    );
    expect(sectionTitle({ type: 'sectionList', source: 'about-us-sections' }, sectionList, sources)).toBe('About us, sections');
    expect(sectionTitle({ type: 'sectionList', source: 'tele-treatments' }, sectionList, sources)).toBe('Tele-treatment, sections');
    expect(sectionTitle({ type: 'faq' }, faq, sources)).toBe('Frequently asked questions');
    // A blank title prop does not name the section; the block's schema name is said in words.
    expect(sectionTitle({ type: 'sectionList', props: { title: '  ' } }, sectionList, sources)).toBe('Section list');
  });

  it('shortens a long title and never shows a source by its path when the catalogue names it', () => {
    expect(sectionTitle({ type: 'faq', props: { title: 'x'.repeat(200) } }, faq, sources).length).toBe(80);
    expect(sectionTitle({ type: 'sectionList', source: 'about-us-sections' }, sectionList, sources)).not.toContain('about-us');
  });

  it('tells apart two sections of a page that would read alike, by their anchor or position', () => {
    const config = { pages: [], presets: { faqs: { type: 'faq', props: { texts: { title: 'Questions about plans' } } } } };
    const titles = sectionTitles(
      [
        { type: 'sectionList', id: 'about-sections', source: 'about-us-sections' },
        { type: 'sectionList', props: { title: 'Tele-Treatment Program' }, source: 'tele-treatments' },
        { type: 'sectionList', id: 'awards', source: 'about-us-sections' },
        { type: 'faq', preset: 'faqs' },
        { type: 'faq' },
        { type: 'faq' },
      ],
      config,
      [sectionList, faq],
      sources,
    );
    expect(titles).toEqual([
      'About us, sections: About sections',
      'Tele-Treatment Program',
      'About us, sections: Awards',
      'Questions about plans',
      'Frequently asked questions: section 5',
      'Frequently asked questions: section 6',
    ]);
  });

  it('lists a page by its name in words, not its PascalCase name', () => {
    expect(pageTitle({ name: 'KeyAssignment' })).toBe('Key assignment');
    expect(pageTitle({ name: 'ShopCheckout' })).toBe('Shop checkout');
  });
});
