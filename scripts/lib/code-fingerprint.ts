import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const sha1 = (text: string | Buffer) => createHash('sha1').update(text).digest('hex');

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The pipeline's own code: a cache that other code made is not used. */
const CODE_DIRS = ['scripts/lib', 'domain'];
/** What npm writes on every install: a package that changed (Ajv, json-schema-to-typescript, ...) changes it. */
const INSTALLED = 'node_modules/.package-lock.json';

function hashTree(dir: string): string {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .map((entry) => {
      const abs = path.join(dir, entry.name);
      if (entry.isDirectory()) return hashTree(abs);
      return entry.name.endsWith('.ts') ? `${entry.name}:${sha1(readFileSync(abs))}` : '';
    })
    .join('\n');
}

let fingerprint: string | undefined;

/**
 * A hash of the code that makes the pipeline's caches (generate's outputs, the QA gate's compiled
 * validators): every .ts file of scripts/lib/ and domain/, and the installed packages. Worked out
 * once per process: the code that runs is the code that was loaded.
 */
export function codeFingerprint(): string {
  fingerprint ??= sha1(
    [
      ...CODE_DIRS.map((dir) => hashTree(path.join(REPO, dir))),
      existsSync(path.join(REPO, INSTALLED)) ? sha1(readFileSync(path.join(REPO, INSTALLED))) : '-',
    ].join('\n\0'),
  );
  return fingerprint;
}
