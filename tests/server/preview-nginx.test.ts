import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** deploy/nginx.conf never keeps a content preview (a person's unpublished draft). */

const conf = readFileSync(resolve(__dirname, '../../deploy/nginx.conf'), 'utf8');

describe('nginx and the content previews', () => {
  it('proxies /__preview/ with no cache and no-store on every answer', () => {
    const at = conf.indexOf('location /__preview/ {');
    expect(at).toBeGreaterThan(0);
    const block = conf.slice(at, conf.indexOf('}', at));
    expect(block).toContain('proxy_pass http://telmed;');
    expect(block).toContain('proxy_cache off;');
    expect(block).not.toMatch(/proxy_cache pages/);
    expect(block).toContain('add_header Cache-Control "no-store" always;');
  });
});
