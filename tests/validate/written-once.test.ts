import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO } from './helpers';

/**
 * What the docs say is written once stays once (docs/decisions.md, One sniffer, one semaphore):
 * - a file's type read from its first bytes only in server/sniff.ts: no other source file holds a
 *   string of a known signature (`%PDF`, `\x89PNG`, `RIFF`, `WEBP`, `ftyp`, `PK\x03\x04`) or a
 *   signature's telling byte (0x89, 0xd8, 0xcf);
 * - jobs counted against a limit only in server/slots.ts: no other source file increments a
 *   counter named as one (`running`, `active`, `inFlight`, `busy`, `concurrent`, `inUse`).
 * Comments may name them; code may not. Read on the TypeScript syntax tree of every source file.
 */

const SOURCES = ['server', 'domain', 'scripts', 'src', 'editor/src'];
const SNIFFER = 'server/sniff.ts';
const SEMAPHORE = 'server/slots.ts';
const SIGNATURE_TEXT = ['%PDF', '\x89PNG', 'RIFF', 'WEBP', 'ftyp', 'PK\x03\x04'];
const SIGNATURE_BYTES = new Set(['0x89', '0xd8', '0xcf']);
const JOB_COUNTER = /^(running|active|inflight|busy|concurrent|inuse)/i;

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(REPO, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' || entry.name === 'node_modules' ? [] : sourceFiles(file);
    return /\.(ts|tsx|mts|js|mjs)$/.test(entry.name) ? [file] : [];
  });
}

/** Each signature and job counter in `file`'s code, as `<what> at <file>:<line>`. */
function findings(file: string): { signatures: string[]; counters: string[] } {
  const text = readFileSync(path.join(REPO, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const at = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const signatures: string[] = [];
  const counters: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
      SIGNATURE_TEXT.some((signature) => node.text.includes(signature))
    )
      signatures.push(`${JSON.stringify(node.text)} at ${at(node)}`);
    if (ts.isNumericLiteral(node) && SIGNATURE_BYTES.has(node.getText().toLowerCase())) signatures.push(`${node.getText()} at ${at(node)}`);
    if (
      (ts.isPostfixUnaryExpression(node) || ts.isPrefixUnaryExpression(node)) &&
      node.operator === ts.SyntaxKind.PlusPlusToken &&
      JOB_COUNTER.test(ts.isPropertyAccessExpression(node.operand) ? node.operand.name.text : node.operand.getText())
    )
      counters.push(`${node.getText()} at ${at(node)}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { signatures, counters };
}

const files = SOURCES.flatMap(sourceFiles);

describe('written once', () => {
  it('finds the one sniffer and the one semaphore where the docs say (so the checks below can see)', () => {
    expect(findings(SNIFFER).signatures.length).toBeGreaterThan(5);
    expect(findings(SEMAPHORE).counters).toEqual([expect.stringMatching(/^running\+\+ at /)]);
  });

  it(`reads a file's type from its first bytes only in ${SNIFFER}`, () => {
    expect(files.filter((file) => file !== SNIFFER).flatMap((file) => findings(file).signatures)).toEqual([]);
  });

  it(`counts jobs against a limit only in ${SEMAPHORE}`, () => {
    expect(files.filter((file) => file !== SEMAPHORE).flatMap((file) => findings(file).counters)).toEqual([]);
  });
});
