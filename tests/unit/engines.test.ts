import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * package.json's `engines` tells the truth: every Node version it names is one that every package of
 * the lock file accepts (so `npm ci` prints no EBADENGINE there), and the Node running the tests is
 * one of them. A dependency update that needs a newer Node fails here, with its name.
 */

const ROOT = path.resolve(__dirname, '../..');
// semver comes with fastify (and npm); it has no types of its own here.
const semver = createRequire(import.meta.url)('semver') as {
  subset(sub: string, dom: string): boolean;
  satisfies(version: string, range: string): boolean;
};

const engines = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[]; os?: string[]; cpu?: string[] }>;
};

/** A package built for another system or processor (sharp's binaries for Windows, say): npm never installs it here. */
const foreign = (info: { os?: string[]; cpu?: string[] }) =>
  (info.os !== undefined && !info.os.includes(process.platform)) || (info.cpu !== undefined && !info.cpu.includes(process.arch));

describe('engines', () => {
  it('names only Node versions that every locked package accepts', () => {
    const refusing = Object.entries(lock.packages)
      .filter(([where, info]) => where !== '' && !foreign(info))
      .flatMap(([where, info]) => {
        const node = Array.isArray(info.engines) ? undefined : info.engines?.node;
        return node && !semver.subset(engines, node) ? [`${where.replace(/^.*node_modules\//, '')}@${info.version}: ${node}`] : [];
      });
    expect(refusing).toEqual([]);
  });

  it('includes the Node running the tests', () => {
    expect(semver.satisfies(process.versions.node, engines)).toBe(true);
  });
});
