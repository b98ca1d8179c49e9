import { cpSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';

/** What a copy of the project leaves out at its top level: packages, git, builds, data, reports. */
const SKIP = /^(node_modules|\.git|dist.*|data|\.e2e-data.*|test-results|playwright-report|bench-results)$/;

/**
 * Gives `dir` (another checkout of the project, or a copy) a node_modules folder of links to each
 * of `repo`'s packages, without its caches (node_modules/.cache, .vite, .vite-edit): the two build, generate and
 * cache on their own, with the same packages.
 */
export function linkPackages(repo: string, dir: string): void {
  const modules = path.join(dir, 'node_modules');
  mkdirSync(modules);
  for (const entry of readdirSync(path.join(repo, 'node_modules'))) {
    if (entry !== '.cache' && !entry.startsWith('.vite')) symlinkSync(path.join(repo, 'node_modules', entry), path.join(modules, entry));
  }
}

/** A copy of the project in `repo` at `dir` (its working tree as it is), with linkPackages. */
export function copyProject(repo: string, dir: string): void {
  cpSync(repo, dir, { recursive: true, filter: (src) => path.dirname(src) !== repo || !SKIP.test(path.basename(src)) });
  linkPackages(repo, dir);
}
