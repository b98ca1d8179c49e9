import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as built from '../../src/generated/boot-scripts';
import { BOOT_SCRIPTS_FILE, bootScripts, buildBootScript } from '../../scripts/lib/generate/boot-scripts';
import { generate } from '../../scripts/lib/generate/run';
import { makeProject, REPO, removeProjects } from './helpers';

afterAll(removeProjects);

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('the inline scripts built by npm run generate (scripts/lib/generate/boot-scripts.ts)', () => {
  it('are the build of the sources in src/boot as they are now, each with the hash of its exact text', async () => {
    expect(built.INPUT_SCRIPT).toBe(await buildBootScript(REPO, 'input.ts'));
    expect(built.BOOT_SCRIPT).toBe(await buildBootScript(REPO, 'boot.ts'));
    expect(built.INPUT_SCRIPT_HASH).toBe(sha256(built.INPUT_SCRIPT));
    expect(built.BOOT_SCRIPT_HASH).toBe(sha256(built.BOOT_SCRIPT));
  });

  it('are one minified function each, that declares nothing global of its own', () => {
    for (const text of [built.INPUT_SCRIPT, built.BOOT_SCRIPT]) {
      expect(text).toMatch(/^"use strict";\(\(\)=>\{.*\}\)\(\);$/s);
      expect(text).not.toContain('\n');
    }
  });

  it('are built again when a source in src/boot changes', async () => {
    const root = makeProject((project) => {
      project.write('src/boot/names.ts', "export const GREETING = 'hello';\n");
      project.write('src/boot/input.ts', "import { GREETING } from './names';\ndocument.title = GREETING;\n");
      project.write('src/boot/boot.ts', 'document.title = "boot";\n');
    });
    await generate(root, { steps: [bootScripts] });
    expect(readFileSync(path.join(root, BOOT_SCRIPTS_FILE), 'utf8')).toContain('hello');

    writeFileSync(path.join(root, 'src/boot/names.ts'), "export const GREETING = 'hola';\n");
    const again = await generate(root, { steps: [bootScripts] });
    expect(again.changed).toEqual([BOOT_SCRIPTS_FILE]);
    expect(readFileSync(path.join(root, BOOT_SCRIPTS_FILE), 'utf8')).toContain('hola');
  });

  it('refuses an inline script that imports code from outside src/boot', async () => {
    const root = makeProject((project) => {
      project.write('src/lib/big.ts', 'export const big = 1;\n');
      project.write('src/boot/input.ts', "import { big } from '../lib/big';\nconsole.log(big);\n");
      project.write('src/boot/boot.ts', '');
    });
    await expect(buildBootScript(root, 'input.ts')).rejects.toThrow('src/boot/input.ts imports src/lib/big.ts');
  });
});
