import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatDiagnostic, formatSummary } from '../../scripts/lib/diagnostics';
import { makeProject, positionOf, REPO, removeProjects } from './helpers';

afterAll(removeProjects);

const CONFIG = 'pages.config.json';

function runValidate(...args: string[]) {
  const result = spawnSync(path.join(REPO, 'node_modules/.bin/tsx'), [path.join(REPO, 'scripts/validate.ts'), ...args], {
    encoding: 'utf8',
    cwd: REPO,
  });
  return { status: result.status, lines: result.stdout.trimEnd().split('\n'), stderr: result.stderr };
}

const twoErrors = () =>
  makeProject((p) => {
    p.replace(CONFIG, '"type": "banner", "source": "home-sliders", "pick"', '"type": "banenr", "source": "home-sliders", "pick"');
    p.replace(CONFIG, '"form": "contact"', '"form": "contcat"');
  });

describe('scripts/validate.ts', () => {
  it('exits 0 with a summary on a valid project', () => {
    const { status, lines } = runValidate('--root', makeProject());
    expect(lines).toEqual(['✔ 11 files valid']);
    expect(status).toBe(0);
  });

  it('prints every error as file:line:column  pointer  message, then exits 1', () => {
    const root = twoErrors();
    const type = positionOf(root, CONFIG, '"banenr"');
    const form = positionOf(root, CONFIG, '"contcat"');
    const { status, lines } = runValidate('--root', root);
    expect(lines).toEqual([
      `pages.config.json:${type.line}:${type.column}  /pages/0/sections/0/type  unknown block type 'banenr' — did you mean 'banner'?`,
      `pages.config.json:${form.line}:${form.column}  /pages/3/sections/0/props/form  unknown form 'contcat' — did you mean 'contact'?`,
      '✖ 2 errors in 1 file',
    ]);
    expect(status).toBe(1);
  });

  it('prints GitHub annotations with --format github', () => {
    const root = twoErrors();
    const type = positionOf(root, CONFIG, '"banenr"');
    const { status, lines } = runValidate('--root', root, '--format', 'github');
    expect(lines[0]).toBe(
      `::error file=pages.config.json,line=${type.line},col=${type.column},title=/pages/0/sections/0/type::unknown block type 'banenr' — did you mean 'banner'?`,
    );
    expect(lines).toHaveLength(3);
    expect(status).toBe(1);
  });

  it('reports a JSON syntax error through the CLI', () => {
    const root = makeProject((p) => p.write('forms/contact.json', '{\n  "key": "contact-us",\n  "schema": {}\n  "flow": {}\n}\n'));
    const { lines } = runValidate('--root', root);
    expect(lines[0]).toBe("forms/contact.json:4:3  (root)  invalid JSON: unexpected string (missing ','?)");
  });

  it('runs generate first with --generate (npm run validate)', () => {
    const root = makeProject();
    const { status, lines } = runValidate('--root', root, '--generate');
    expect(lines).toEqual([expect.stringMatching(/^generated \d+ files \(\d+ changed\)$/), '✔ 11 files valid']);
    expect(status).toBe(0);
    expect(runValidate('--generate', '--root', root).lines[0]).toMatch(/\(0 changed\)$/);
  });

  it('rejects an unknown argument with exit code 2', () => {
    const { status, stderr } = runValidate('--fromat', 'github');
    expect(status).toBe(2);
    expect(stderr).toContain("unknown argument '--fromat'");
  });
});

describe('diagnostic output', () => {
  const d = { file: 'forms/a,b.json', line: 3, column: 7, pointer: '/uiSchema/ui:order', message: 'first line\nsecond 100%' };

  it('escapes GitHub annotation properties and data', () => {
    expect(formatDiagnostic(d, 'github')).toBe(
      '::error file=forms/a%2Cb.json,line=3,col=7,title=/uiSchema/ui%3Aorder::first line%0Asecond 100%25',
    );
  });

  it('summarises', () => {
    expect(formatSummary([], 1)).toBe('✔ 1 file valid');
    expect(formatSummary([d, { ...d, file: 'x.json' }], 5)).toBe('✖ 2 errors in 2 files');
  });
});
