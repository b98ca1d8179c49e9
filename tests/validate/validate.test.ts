import { afterAll, describe, expect, it } from 'vitest';
import { validateProject } from '../../scripts/lib/validate-project';
import { makeProject, positionOf, removeProjects } from './helpers';

afterAll(removeProjects);

const CONFIG = 'pages.config.json';
const BANNER = 'src/blocks/banner/schema.json';

describe('validateProject: pages.config.json', () => {
  it('passes the valid fixture project', () => {
    expect(validateProject(makeProject())).toEqual([]);
  });

  it('finds a misspelt block type, with its position, pointer and a hint', () => {
    const root = makeProject((p) =>
      p.replace(CONFIG, '"type": "banner", "source": "home-sliders", "pick"', '"type": "banenr", "source": "home-sliders", "pick"'),
    );
    const at = positionOf(root, CONFIG, '"banenr"');
    expect(validateProject(root)).toEqual([
      { file: CONFIG, ...at, pointer: '/pages/0/sections/0/type', message: "unknown block type 'banenr' — did you mean 'banner'?" },
    ]);
  });

  it('gives no hint for an unknown block type that is far from every name', () => {
    const root = makeProject((p) => p.replace(CONFIG, '"type": "form", "props"', '"type": "carousel", "props"'));
    const [d] = validateProject(root);
    expect(d.message).toBe("unknown block type 'carousel'");
  });

  it('reports a missing required prop at the section object', () => {
    const root = makeProject((p) =>
      p.replace(CONFIG, '{ "type": "breadcrumbs", "props": { "items": [{ "label": "Home", "href": "/" }] } }', '{ "type": "breadcrumbs" }'),
    );
    expect(validateProject(root)).toEqual([
      {
        file: CONFIG,
        ...positionOf(root, CONFIG, '{ "type": "breadcrumbs" }'),
        pointer: '/pages/0/sections/1/props',
        message: "must have required property 'items'",
        keyword: 'required',
        params: { missingProperty: 'items' },
      },
    ]);
  });

  it('reports an unknown prop at its key, with the nearest declared prop', () => {
    const root = makeProject((p) => p.replace(CONFIG, '"title": "Welcome"', '"titel": "Welcome"'));
    expect(validateProject(root)).toEqual([
      {
        file: CONFIG,
        ...positionOf(root, CONFIG, '"titel"'),
        pointer: '/pages/0/sections/0/props/titel',
        message: "unknown property 'titel' — did you mean 'title'?",
      },
    ]);
  });

  it('turns enum, type and pattern errors into readable messages', () => {
    const root = makeProject((p) => {
      p.replace(CONFIG, '"align": "left"', '"align": "right"');
      p.replace(CONFIG, '"pick": "first"', '"pick": "last"');
      p.replace(CONFIG, '"name": "Shop"', '"name": "shop"');
      p.replace(CONFIG, '"address": "1 Example Street"', '"address": 1');
    });
    const messages = validateProject(root).map((d) => `${d.pointer} ${d.message}`);
    expect(messages).toEqual([
      '/site/address must be a string',
      '/pages/0/sections/0/pick must be one of: all, first',
      '/pages/1/name must match the pattern ^[A-Z][A-Za-z0-9]*$',
      '/pages/2/sections/0/props/align must be one of: left, center',
    ]);
  });

  it('finds duplicate paths, also after {short} is substituted', () => {
    const root = makeProject((p) => {
      p.replace(CONFIG, '"path": "/contact"', '"path": "/"');
      p.replace(CONFIG, '"path": "/media"', '"path": "/demodoc-app"');
    });
    const found = validateProject(root).filter((d) => d.message.startsWith('duplicate path'));
    const second = positionOf(root, CONFIG, '"path": "/"', 2);
    expect(found).toEqual([
      {
        file: CONFIG,
        line: second.line,
        column: second.column + '"path": '.length,
        pointer: '/pages/3/path',
        message: "duplicate path '/' (also page 'Home')",
      },
      {
        file: CONFIG,
        ...positionOf(root, CONFIG, '"/demodoc-app"'),
        pointer: '/pages/4/path',
        message: "duplicate path '/demodoc-app' (also page 'App')",
      },
    ]);
  });

  it('finds duplicate page names', () => {
    const root = makeProject((p) => p.replace(CONFIG, '"name": "Shop"', '"name": "Home"'));
    expect(validateProject(root).map((d) => d.message)).toEqual(["duplicate page name 'Home' (also page 0)"]);
  });

  it('finds an unknown source and suggests the nearest catalogue name', () => {
    const root = makeProject((p) => p.replace(CONFIG, '"source": "home-sliders", "pick"', '"source": "home-slider", "pick"'));
    expect(validateProject(root)).toEqual([
      {
        file: CONFIG,
        ...positionOf(root, CONFIG, '"home-slider"'),
        pointer: '/pages/0/sections/0/source',
        message: "unknown source 'home-slider' — did you mean 'home-sliders'?",
      },
    ]);
  });

  it('suggests a catalogue name written with {short}', () => {
    const root = makeProject((p) => p.replace(CONFIG, '"source": "{short}-app-sliders"', '"source": "demodoc-app-slider"'));
    expect(validateProject(root).map((d) => d.message)).toEqual([
      "unknown source 'demodoc-app-slider' — did you mean '{short}-app-sliders'?",
    ]);
  });

  it("knows a source written with the product's short name instead of {short}", () => {
    const root = makeProject((p) => p.replace(CONFIG, '"source": "{short}-app-sliders"', '"source": "demodoc-app-sliders"'));
    expect(validateProject(root)).toEqual([]);
  });

  it('checks x-source and x-item against the section', () => {
    const root = makeProject((p) => {
      p.replace(CONFIG, '{ "type": "banner", "id": "promo", "source": "home-sliders" }', '{ "type": "banner", "id": "promo" }');
      p.replace(
        CONFIG,
        '{ "type": "form", "props": { "form": "contact" } }',
        '{ "type": "form", "props": { "form": "contact" }, "source": "articles" }',
      );
      p.replace(CONFIG, '"source": "{short}-app-sliders"', '"source": "articles"');
    });
    expect(validateProject(root).map((d) => `${d.pointer} ${d.message}`)).toEqual([
      "/pages/1/sections/0 block 'banner' needs a 'source'",
      "/pages/2/sections/0/source source 'articles' gives 'article' items but block 'banner' expects 'banner'",
      "/pages/3/sections/0/source block 'form' takes no source",
    ]);
  });

  it("checks a source's query parameters and ':param' segments", () => {
    const root = makeProject((p) => {
      p.replace(CONFIG, '"query": { "order_by": "DESC" }', '"query": { "orderby": "DESC" }');
      p.replace(CONFIG, '"path": "/media/article/:id"', '"path": "/media/article/:slug"');
    });
    expect(validateProject(root).map((d) => `${d.pointer} ${d.message}`)).toEqual([
      "/pages/4/sections/0/query/orderby unknown query parameter 'orderby' for source 'articles' — did you mean 'order_by'?",
      "/pages/5/sections/0/source source parameter ':id' is not a parameter of the page path '/media/article/:slug'",
    ]);
  });

  it('finds an unknown form', () => {
    const root = makeProject((p) => p.replace(CONFIG, '"form": "contact"', '"form": "contcat"'));
    expect(validateProject(root)).toEqual([
      {
        file: CONFIG,
        ...positionOf(root, CONFIG, '"contcat"'),
        pointer: '/pages/3/sections/0/props/form',
        message: "unknown form 'contcat' — did you mean 'contact'?",
      },
    ]);
  });

  it('checks redirect targets and in-app links against the page paths', () => {
    const root = makeProject((p) => {
      p.replace(CONFIG, '"redirect": "/contact"', '"redirect": "/contacts"');
      p.replace(CONFIG, '"href": "/shop"', '"href": "/shpo"');
    });
    expect(validateProject(root).map((d) => `${d.pointer} ${d.message}`)).toEqual([
      "/site/header/drawerShop/href no page serves the link '/shpo' — did you mean '/shop'?",
      "/pages/6/redirect redirect target '/contacts' is not the path of any page — did you mean '/contact'?",
    ]);
  });

  it('resolves a link relative to its page before checking it, and refuses one outside a page', () => {
    const root = makeProject((p) => {
      p.replace(
        CONFIG,
        '"sections": [{ "type": "articleList", "source": "articles/:id" }]',
        '"sections": [{ "type": "articleList", "source": "articles/:id" }, { "type": "breadcrumbs", "props": { "items": [{ "label": "Media", "href": "../..#top" }, { "label": "Nowhere", "href": ".." }] } }]',
      );
      p.replace(CONFIG, '"href": "/contact"', '"href": "../contact"');
    });
    expect(validateProject(root).map((d) => `${d.pointer} ${d.message}`)).toEqual([
      "/site/header/menu/1/href the relative link '../contact' has no page to be relative to: write its site path ('/shop')",
      "/pages/5/sections/1/props/items/1/href no page serves the link '..' (/media/article from this page)",
    ]);
  });

  it('reports a JSON syntax error at the offending character', () => {
    const root = makeProject((p) => p.replace(CONFIG, '"props": { "title": "Welcome" } }', '"props": { "title": "Welcome" }, }'));
    const at = positionOf(root, CONFIG, ', }');
    expect(validateProject(root)).toEqual([
      { file: CONFIG, line: at.line, column: at.column + 2, pointer: '', message: "invalid JSON: unexpected '}' (trailing comma?)" },
    ]);
  });

  it('reports a key given twice', () => {
    const root = makeProject((p) => p.replace(CONFIG, '"pick": "first", "props"', '"pick": "first", "pick": "all", "props"'));
    expect(validateProject(root)).toEqual([
      {
        file: CONFIG,
        ...positionOf(root, CONFIG, '"pick"', 2),
        pointer: '/pages/0/sections/0/pick',
        message: "duplicate key 'pick' (only the last one counts)",
      },
    ]);
  });

  it('reports every error, two in one file as two diagnostics', () => {
    const root = makeProject((p) => {
      p.replace(CONFIG, '"type": "banner", "source": "home-sliders", "pick"', '"type": "banenr", "source": "home-sliders", "pick"');
      p.replace(CONFIG, '"form": "contact"', '"form": "contcat"');
    });
    const found = validateProject(root);
    expect(found.map((d) => d.pointer)).toEqual(['/pages/0/sections/0/type', '/pages/3/sections/0/props/form']);
    expect(found[0].line).toBeLessThan(found[1].line);
  });
});

describe('validateProject: block schemas', () => {
  it('reports a typo in a block schema keyword and a bad x-source', () => {
    const root = makeProject((p) => {
      p.replace(BANNER, '"minLength": 1', '"minlength": 1');
      p.replace(BANNER, '"x-source": "required"', '"x-source": "always"');
    });
    expect(validateProject(root).map((d) => `${d.file} ${d.pointer} ${d.message}`)).toEqual([
      'src/blocks/banner/schema.json /x-source must be one of: required, optional, none',
      "src/blocks/banner/schema.json /properties/title/minlength unknown keyword 'minlength' — did you mean 'minLength'?",
    ]);
  });
});
