import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from '../../server/studio/secret-box';

/**
 * The studio's secrets at rest (server/studio/secret-box.ts): AES-256-GCM, a new IV at every write,
 * the row as additional data; a value of another row, key or byte does not open.
 */

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const keys = { current: randomBytes(32) };

describe('secret-box: a TOTP secret sealed for its row', () => {
  it('seals as v1.<iv>.<tag>.<ciphertext> in base64url, with a new IV at every write, and opens it', () => {
    const sealed = sealSecret(keys, SECRET, 'studio_accounts:1');
    expect(sealed).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(sealed).not.toContain(SECRET);
    expect(sealSecret(keys, SECRET, 'studio_accounts:1')).not.toBe(sealed);
    expect(openSecret(keys, sealed, 'studio_accounts:1')).toEqual({ ok: true, secret: SECRET, current: true });
  });

  it('refuses a value of another row, another key, or with any byte changed', () => {
    const sealed = sealSecret(keys, SECRET, 'studio_accounts:1');
    expect(openSecret(keys, sealed, 'studio_accounts:2')).toEqual({ ok: false });
    expect(openSecret({ current: randomBytes(32) }, sealed, 'studio_accounts:1')).toEqual({ ok: false });
    const [version, iv, tag, body] = sealed.split('.');
    const flipped = (part: string) => {
      const bytes = Buffer.from(part, 'base64url');
      bytes[0] ^= 1;
      return bytes.toString('base64url');
    };
    for (const changed of [
      [version, flipped(iv), tag, body],
      [version, iv, flipped(tag), body],
      [version, iv, tag, flipped(body)],
      [version, iv, tag.slice(0, 10), body],
      ['v2', iv, tag, body],
      [version, iv, tag],
    ]) {
      expect(openSecret(keys, changed.join('.'), 'studio_accounts:1')).toEqual({ ok: false });
    }
    expect(openSecret(keys, `v1.${'A'.repeat(2000)}`, 'studio_accounts:1')).toEqual({ ok: false });
  });

  it('opens a value of the previous key and a plain base32 one, both marked for sealing again', () => {
    const previous = randomBytes(32);
    const old = sealSecret({ current: previous }, SECRET, 'studio_accounts:1');
    expect(openSecret({ current: keys.current, previous }, old, 'studio_accounts:1')).toEqual({ ok: true, secret: SECRET, current: false });
    expect(openSecret(keys, old, 'studio_accounts:1')).toEqual({ ok: false });
    expect(openSecret(keys, SECRET, 'studio_accounts:1')).toEqual({ ok: true, secret: SECRET, current: false });
    // Not base32, nor sealed: refused rather than taken as a secret.
    for (const junk of ['', 'not a secret', 'v1', SECRET.toLowerCase(), 'ABC']) {
      expect(openSecret(keys, junk, 'studio_accounts:1')).toEqual({ ok: false });
    }
  });
});
