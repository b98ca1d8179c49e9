// ESLint (flat config): JavaScript and TypeScript rules, React hooks, accessibility of JSX.
// Formatting is Prettier's job (`npm run format:check`), so no stylistic rules here.
import eslintComments from '@eslint-community/eslint-plugin-eslint-comments';
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Paths into a package that code may import beyond its main entry: the subpaths the package
 * publishes (its package.json `exports`), or, for a package without `exports`, the files its
 * documentation names. Any other path is one of the package's private files, which any release may
 * move or change.
 */
const PUBLIC_SUBPATHS = [
  // In their packages' `exports`.
  /^react-dom\/(client|server)$/,
  /^vitest\/config$/,
  /^tsx\/esm\/api$/,
  /^@rjsf\/(fluentui-rc|validator-ajv8)\/lib\/.+\.js$/,
  /^@rjsf\/validator-ajv8\/compileSchemaValidators$/,
  // Ajv and ajv-formats have no `exports`: their documentation names the standalone compiler, the
  // code builder for keywords, the meta-schemas and the formats of standalone code.
  /^ajv\/dist\/(standalone|compile\/codegen(\/index\.js)?|refs\/[\w-]+\.json)$/,
  /^ajv-formats\/dist\/formats(\.js)?$/,
  // The runtime helpers that Ajv's standalone code requires by these names (its documentation's
  // standalone section): src/forms/validator-runtime.ts re-exports them for validators compiled later.
  /^ajv\/dist\/runtime\/\w+(\.js)?$/,
  /^(@[^/]+\/)?[^/]+\/package\.json$/,
];

/** A package's name followed by a path inside it (not `node:fs/promises`, not a relative path). */
const PACKAGE_SUBPATH = /^(?!node:)(@[^/]+\/)?[^/.@][^/]*\/./;

/** Forbids importing or requiring a package's private files (PUBLIC_SUBPATHS lists the allowed subpaths). */
const noPackageInternals = {
  meta: {
    type: 'problem',
    schema: [],
    messages: { internal: "'{{path}}' is a private file of its package: import what the package exports." },
  },
  create(context) {
    const check = (node) => {
      const path = node?.type === 'Literal' ? node.value : undefined;
      if (typeof path === 'string' && PACKAGE_SUBPATH.test(path) && !PUBLIC_SUBPATHS.some((allowed) => allowed.test(path)))
        context.report({ node, messageId: 'internal', data: { path } });
    };
    return {
      'ImportDeclaration, ExportNamedDeclaration, ExportAllDeclaration, ImportExpression': (node) => check(node.source),
      "CallExpression[callee.name='require']": (node) => check(node.arguments[0]),
      TSImportType: (node) => check(node.argument?.literal ?? node.argument),
      TSExternalModuleReference: (node) => check(node.expression),
    };
  },
};

/** React Router 7 is one package, `react-router` (react-router-dom only re-exports it). */
const ONE_ROUTER = { name: 'react-router-dom', message: "Import from 'react-router'." };

/** React Router's path functions: domain/paths.ts, the one path grammar, is where they are called. */
const ONE_PATH_GRAMMAR = {
  name: 'react-router',
  importNames: ['generatePath', 'matchPath', 'resolvePath'],
  message: 'domain/paths.ts owns the path grammar: use fillRoute, routeMatches or resolveLink.',
};

export default tseslint.config(
  { ignores: ['dist*/**', 'src/generated/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', '.e2e-data-*/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    // A directive that turns a rule off says why (`// eslint-disable-next-line rule -- reason`), and
    // one that no longer turns anything off is an error.
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { local: { rules: { 'no-package-internals': noPackageInternals } }, 'eslint-comments': eslintComments },
    rules: {
      'eslint-comments/require-description': ['error', { ignore: ['eslint-enable'] }],
      'local/no-package-internals': 'error',
      'no-restricted-imports': ['error', { paths: [ONE_ROUTER] }],
    },
  },
  {
    // The path grammar's functions are domain/paths.ts's (tests may compare with React Router's own).
    files: ['{src,server,scripts,editor,studio,domain}/**/*.{ts,tsx}'],
    ignores: ['domain/paths.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [ONE_ROUTER, ONE_PATH_GRAMMAR] }] },
  },
  {
    // The server's settings are read once, by server/settings.ts, which checks them together and
    // refuses a start with an invalid one; everything else is given them. Scripts' entry points
    // (scripts/*.ts, vite.config.ts) read their own options. The exceptions, each for its reason:
    // - server/ops/cli.ts: the operator commands find the database as the server does (DATA_DIR,
    //   DATABASE_URL checked by settings.ts's parseDatabaseUrl) without the settings a start needs;
    // - scripts/lib/editor/git-tree.ts: passes the environment on to git, reads no setting of its own;
    // - scripts/lib/sample-routes.ts: CHROMIUM_PATH, where the development scripts find Chromium.
    files: ['server/**/*.ts', 'domain/**/*.ts', 'src/**/*.{ts,tsx}', 'scripts/lib/**/*.ts'],
    ignores: ['server/settings.ts', 'server/ops/cli.ts', 'scripts/lib/editor/git-tree.ts', 'scripts/lib/sample-routes.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Settings are read by server/settings.ts only (readSettings): add the setting there and pass it on.',
        },
      ],
    },
  },
  {
    // Tests read JSON replies of every shape: `any` is the honest type there.
    files: ['tests/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/**/*.tsx', 'editor/**/*.tsx', 'studio/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // The React Compiler's advice (the site does not use the compiler); rules-of-hooks and
      // exhaustive-deps stay errors.
      'react-hooks/refs': 'off',
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/static-components': 'off',
    },
  },
  {
    // An effect or memo lists what it reads (exhaustive-deps), never turned off: one that must not
    // run again for a value reads it from a ref (editor/src/core/use-latest.ts) or depends on a key
    // (use-keyed.ts). The hooks of .ts files (use-*.ts) are held to the hooks' rules too.
    files: ['src/**/*.{ts,tsx}', 'editor/**/*.{ts,tsx}', 'studio/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'eslint-comments/no-restricted-disable': ['error', 'react-hooks/exhaustive-deps', 'react-hooks/rules-of-hooks'],
    },
  },
);
