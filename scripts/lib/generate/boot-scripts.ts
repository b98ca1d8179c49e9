import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { header, type GeneratedFile, type GenerateStep } from './step';
import { BOOT_DATA_ID } from '../../../src/boot/names';

/** The sources of the page's inline scripts: their entries and the names they share with the app. */
export const BOOT_SOURCE_DIR = 'src/boot';

/** Where the built scripts and their hashes go, relative to the project root. */
export const BOOT_SCRIPTS_FILE = 'src/generated/boot-scripts.ts';

/** Each inline script: its entry in BOOT_SOURCE_DIR, the name it is exported under, where the page has it. */
const SCRIPTS = [
  { entry: 'input.ts', name: 'INPUT_SCRIPT', where: 'first in the head' },
  { entry: 'boot.ts', name: 'BOOT_SCRIPT', where: 'at the end of the body' },
] as const;

/** The browsers the site supports: Vite's build.target (vite.config.ts). */
const TARGET = 'es2022';

/** The sources of the inline scripts as one text (what the step reads), or '-' for a project without them. */
export function bootSourceText(root: string): string {
  const dir = path.join(root, BOOT_SOURCE_DIR);
  if (!existsSync(dir)) return '-';
  return readdirSync(dir)
    .filter((name) => name.endsWith('.ts'))
    .sort()
    .map((name) => `${name}\n${readFileSync(path.join(dir, name), 'utf8')}`)
    .join('\n\0');
}

/** The CSP source that allows an inline script with exactly this text. */
export const cspHash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * One inline script: its entry bundled with what it imports into a minified IIFE. It may import
 * only BOOT_SOURCE_DIR (a package would grow the bytes every page carries in its HTML), and its
 * text must not end the script element it goes into.
 */
export async function buildBootScript(root: string, entry: string): Promise<string> {
  const file = `${BOOT_SOURCE_DIR}/${entry}`;
  const result = await build({
    absWorkingDir: root,
    entryPoints: [file],
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    target: TARGET,
    legalComments: 'none',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const outside = Object.keys(result.metafile.inputs).filter((input) => !input.startsWith(`${BOOT_SOURCE_DIR}/`));
  if (outside.length) throw new Error(`${file} imports ${outside.join(', ')}: an inline script imports only ${BOOT_SOURCE_DIR}/`);
  const text = result.outputFiles[0].text.trimEnd();
  if (/<\/script|<!--/i.test(text)) throw new Error(`${file} built has '</script' or '<!--', which would end its inline script`);
  return text;
}

/**
 * The page's inline scripts (src/boot/input.ts, src/boot/boot.ts) built into the strings the server
 * writes into its pages, and the hash of each for the Content-Security-Policy
 * (src/generated/boot-scripts.ts). The scripts are TypeScript modules, checked and linted as the
 * rest of the site; the page carries them inline, so they run before any file has arrived.
 */
export const bootScripts: GenerateStep = {
  name: 'boot-scripts',
  reads: ['boot'],
  async run(ctx): Promise<GeneratedFile[]> {
    // A project without the scripts' sources (the generator's test fixtures) gets no scripts.
    if (!existsSync(path.join(ctx.root, BOOT_SOURCE_DIR))) return [];
    const lines = [header(`${BOOT_SOURCE_DIR}/`).trimEnd()];
    for (const { entry, name, where } of SCRIPTS) {
      const text = await buildBootScript(ctx.root, entry);
      lines.push(
        '',
        `/** ${BOOT_SOURCE_DIR}/${entry}, built: an inline script ${where} of a server-rendered page that runs anything. */`,
        `export const ${name} = ${JSON.stringify(text)};`,
        '',
        `/** The CSP source that allows ${name}. */`,
        `export const ${name}_HASH = ${JSON.stringify(cspHash(text))};`,
      );
    }
    lines.push(
      '',
      "/** The id of the list of the page's scripts that the server writes and the scripts read (src/boot/names.ts). */",
      `export const BOOT_DATA_ID = ${JSON.stringify(BOOT_DATA_ID)};`,
    );
    return [{ path: BOOT_SCRIPTS_FILE, content: `${lines.join('\n')}\n` }];
  },
};
