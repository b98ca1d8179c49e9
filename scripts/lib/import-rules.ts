/**
 * The import boundaries (docs/architecture.md, Import boundaries), checked on the real import graph:
 * app -> engine -> blocks -> (forms, shop) -> (lib, api) -> generated; a block never imports another
 * block; `domain/` is pure and shared; the server never imports the site and the site never the
 * server, the scripts or Node-only packages; no import cycles.
 *
 * This module holds the rules; import-check.ts checks them and the cycles.
 */

/** One rule: an import from a file matching `from` to a file or package matching `to` is forbidden. */
export interface ImportRule {
  name: string;
  /** Why, and what to do instead (printed with each violation). */
  why: string;
  from: RegExp;
  fromNot?: RegExp;
  /** Matched against the repo-relative path of a file, `npm:<package>` or `node:<builtin>`. */
  to: RegExp;
  /** May use `$1`.. for the groups of `from` (a block may import its own folder). */
  toNot?: string[];
  /** Only an import of a file in a folder above the importing file's own folder (its parent, or further up) is forbidden. */
  toParent?: boolean;
}

/**
 * The generated part of the engine: the block registry and the chunk module of each block
 * (scripts/lib/generate/registry.ts), which import the block folders as the engine's own code would.
 */
const ENGINE_GENERATED = /^src\/generated\/(registry\.ts$|block-chunks\/)/;

/**
 * The parts of editor/src that only `npm run edit` runs (regular expressions of paths under it): the
 * studio's Content, Pages and Forms screens never reach them, directly or through the editor's shared modules.
 */
export const STUDIO_EDITOR_DEV_ONLY = [
  'preview/',
  'pages/PreviewPane\\.tsx$',
  'forms/preview-validator\\.ts$',
  'content/ContentPreview\\.tsx$',
  'content/ContentWithPreview\\.tsx$',
  'App\\.tsx$',
  'TopBar\\.tsx$',
  'Publish\\.tsx$',
  'DevFormsTab\\.tsx$',
];

/** The rules, each with why it holds (printed with each violation). */
export const IMPORT_RULES: readonly ImportRule[] = [
  {
    name: 'blocks-isolated',
    why: 'a block never imports another block: move what two blocks share down to src/lib, src/shop or src/forms',
    from: /^src\/blocks\/([^/]+)\//,
    to: /^src\/blocks\//,
    toNot: ['^src/blocks/$1/', '^src/blocks/types\\.ts$'],
  },
  {
    name: 'app-is-top',
    why: 'src/app composes the site; nothing below it imports it',
    from: /^src\//,
    fromNot: /^src\/app\//,
    to: /^src\/app\//,
  },
  {
    name: 'engine-from-app-only',
    why: 'only src/app uses the engine; blocks get what they need as props',
    from: /^src\/(blocks|forms|shop|lib|api|generated)\//,
    to: /^src\/engine\//,
  },
  {
    name: 'blocks-from-engine-only',
    why: 'blocks are reached through the engine registry, never imported by the layers below',
    from: /^src\/(forms|shop|lib|api|generated)\//,
    fromNot: ENGINE_GENERATED,
    to: /^src\/blocks\//,
  },
  {
    name: 'registry-from-engine-only',
    why: "the generated block registry and block chunks are the engine's: only src/engine loads them",
    from: /^src\//,
    fromNot: /^src\/(engine|generated)\//,
    to: ENGINE_GENERATED,
  },
  {
    name: 'lib-api-below-forms-shop',
    why: 'src/lib and src/api serve forms and shop; they do not import them back',
    from: /^src\/(lib|api|generated)\//,
    to: /^src\/(forms|shop)\//,
  },
  {
    name: 'generated-is-a-leaf',
    why: "generated code is rebuilt from schemas/ and the block folders and depends on nothing of the site (but the registry's block chunks, which start from their folders)",
    from: /^src\/generated\//,
    fromNot: ENGINE_GENERATED,
    to: /^src\//,
    toNot: ['^src/generated/'],
  },
  {
    name: 'domain-is-pure',
    why: 'domain/ holds the rules the site and the server share: no site, server or script code, no packages but json-schema-traverse and react-router',
    from: /^domain\//,
    // json-schema-traverse: the one schema walker (domain/schema-walk.ts) serves the scripts, the
    // server and the editor, and domain/ is the one place all three may import. It is a few dozen
    // lines without dependencies, runs in Node and the browser alike, and Ajv already ships it.
    // react-router: its path functions are the one path grammar (domain/paths.ts), the router's own;
    // the site ships it anyway, and the server and the scripts fill and match the same paths.
    to: /^(src\/|server\/|scripts\/|npm:(?!(json-schema-traverse|react-router)$)|node:)/,
  },
  {
    name: 'server-not-site',
    why: 'the server imports schemas/, forms/, domain/ and generated code, never the site',
    from: /^server\//,
    to: /^src\//,
    toNot: ['^src/generated/'],
  },
  {
    name: 'site-not-server',
    why: 'the browser bundle never pulls in the server, the scripts or Node-only packages (the SSR entry and its render scope run only in the server bundle)',
    from: /^src\//,
    fromNot: /^src\/app\/(entry-server\.tsx|render-layout\.ts|render-forms\.ts)$/,
    to: /^(server\/|scripts\/|node:|npm:(fastify|@fastify\/|better-sqlite3|esbuild|tsx)($|\/))/,
  },
  {
    name: 'render-scope-is-ssr-only',
    why: "src/app/render-layout.ts and render-forms.ts scope a server render with Node's AsyncLocalStorage, and page-request.ts (the HTML cache's key) reads the render's layout through them: only the SSR entry imports them, never a module of the browser bundle",
    from: /^src\//,
    // page-request.ts is part of the SSR entry (its cachedAs): it may import the render scope and,
    // like the render scope, is imported by the entry only.
    fromNot: /^src\/app\/(entry-server\.tsx|page-request\.ts)$/,
    to: /^src\/app\/(render-(layout|forms)|page-request)\.ts$/,
  },
  {
    name: 'studio-apart',
    why: "the studio (server/studio) is an app of its own on its own port: only server/main.ts starts it, the site's server never imports it or its account packages",
    from: /^(src|server|domain)\//,
    fromNot: /^server\/(studio\/|main\.ts$)/,
    to: /^(server\/studio\/|npm:(@casl\/ability|@node-rs\/argon2|otplib|@simplewebauthn\/server|@simplewebauthn\/browser|@zxcvbn-ts\/[\w-]+)$)/,
  },
  {
    name: 'studio-app-apart',
    why: "the studio's browser app (studio/) is built and served apart from the site: the site, the server, the editor and domain/ never import it",
    from: /^(src|server|domain|editor|scripts)\//,
    to: /^studio\//,
  },
  {
    name: 'studio-app-browser-only',
    why: "the studio's browser app talks to the studio's API only: it imports domain/, its own folder and the site's editor (editor/src, its Content screen), never the site, the server, the scripts or Node",
    from: /^studio\//,
    to: /^(src\/|server\/|scripts\/|editor\/|node:|npm:(fastify|@fastify\/|better-sqlite3|esbuild|tsx|@node-rs\/argon2|otplib|@simplewebauthn\/server)($|\/))/,
    toNot: ['^editor/src/'],
  },
  {
    name: 'studio-editor-not-dev',
    why: "the studio takes the editor's shared parts only: its preview frame, the forms preview's compiler (Ajv in the browser), the dev app's shell and git publishing are development builds of `npm run edit`",
    from: /^studio\//,
    to: new RegExp(`^editor/src/(${STUDIO_EDITOR_DEV_ONLY.join('|')})`),
  },
  {
    name: 'editor-folders-below-root',
    why: "the editor's folders (core/, pages/, forms/, content/, preview/) are composed by the modules of editor/src and never import them: what two folders share moves down to editor/src/core (messages.json is the editor's texts)",
    from: /^editor\/src\/[^/]+\//,
    to: /^editor\/src\/[^/]+$/,
    toNot: ['^editor/src/messages\\.json$'],
  },
  {
    name: 'editor-folder-not-parent',
    why: 'a folder of the editor never imports the folder it sits in (content/widgets/ never imports content/): the parent composes its folders, and what both use moves down to editor/src/core',
    from: /^editor\/src\/.+\/.+\//,
    to: /^editor\/src\//,
    toNot: ['^editor/src/messages\\.json$'],
    toParent: true,
  },
  {
    name: 'editor-folders-apart',
    why: "the editor's pages/, forms/ and content/ never import each other: what they share moves down to editor/src/core",
    from: /^editor\/src\/(pages|forms|content)\//,
    to: /^editor\/src\/(pages|forms|content)\//,
    toNot: ['^editor/src/$1/'],
  },
  {
    name: 'editor-core-is-a-leaf',
    why: "editor/src/core is what the editor's folders share: it imports only itself and the editor's texts (messages.json), never the folders or the modules that compose them",
    from: /^editor\/src\/core\//,
    to: /^editor\/src\//,
    toNot: ['^editor/src/core/', '^editor/src/messages\\.json$'],
  },
  {
    name: 'editor-development-only',
    why: "the visual editor (editor/, scripts/lib/editor/) runs under `npm run edit`: the site and the server never import it, except the server's content releases and the studio's editor API, which use the editor's gate, project snapshot, text edits and a layout change in words (check.ts, project.ts, paths.ts, content-catalogue.ts, json-edit.ts, config-changes.ts)",
    from: /^(src|server|domain)\//,
    to: /^(editor\/|scripts\/lib\/editor\/|npm:@dnd-kit\/)/,
    toNot: ['^scripts/lib/editor/(check|project|paths|content-catalogue|json-edit|config-changes)\\.ts$'],
  },
];
