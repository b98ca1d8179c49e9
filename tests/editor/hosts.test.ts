import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEditorApi } from '../../editor/src/core/api';
import { serverCheckedValidator } from '../../editor/src/core/server-checked-validator';
import { publishDraft } from '../../studio/src/content/releases';
import { answered, whenSessionEnds } from '../../studio/src/api';

/** A fetch that answers `status` and `body` as JSON, and keeps what it was asked. */
function answering(status: number, body: unknown) {
  return vi.fn<typeof fetch>(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

describe('createEditorApi', () => {
  it('calls the host’s base with its headers, and tells it each status', async () => {
    const fetcher = answering(200, { files: { 'content/faqs.json': { hash: 'h2' } } });
    const statuses: number[] = [];
    const api = createEditorApi({
      base: '/api/studio/editor',
      headers: { 'x-studio-csrf': '1' },
      onStatus: (s) => statuses.push(s),
      fetcher,
    });
    const saved = await api.saveFiles({ 'content/faqs.json': { value: { items: [] }, baseHash: 'h1' } });
    expect(saved).toEqual({ status: 'saved', hashes: { 'content/faqs.json': 'h2' } });
    const [url, init] = fetcher.mock.calls[0];
    expect(url).toBe('/api/studio/editor/save');
    expect(init?.headers).toEqual({ 'x-studio-csrf': '1', 'content-type': 'application/json' });
    expect(init?.credentials).toBe('same-origin');
    expect(statuses).toEqual([200]);
  });

  it('answers a conflict, and throws a refused load in words', async () => {
    const conflict = createEditorApi({ base: '/b', fetcher: answering(409, { conflicts: ['content/faqs.json'] }) });
    expect(await conflict.saveFiles({})).toEqual({ status: 'conflict', conflicts: ['content/faqs.json'] });
    const refused = createEditorApi({ base: '/b', fetcher: answering(403, { message: 'Not allowed.' }) });
    await expect(refused.getProject()).rejects.toThrow('Loading the project failed (403): Not allowed.');
  });
});

describe('the studio’s publish', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the base release with the CSRF header and answers the new release', async () => {
    const fetcher = answering(200, { release: 8, summary: ['Plans: Individual changed'] });
    vi.stubGlobal('fetch', fetcher);
    expect(await publishDraft(7)).toEqual({ status: 'published', release: 8, summary: ['Plans: Individual changed'] });
    const [url, init] = fetcher.mock.calls[0];
    expect(url).toBe('/api/studio/editor/publish');
    expect(JSON.parse(String(init?.body))).toEqual({ baseRelease: 7 });
    expect((init?.headers as Record<string, string>)['x-studio-csrf']).toBe('1');
  });

  it('answers who published what meanwhile (409) and the gate’s problems (422)', async () => {
    const current = { number: 9, authorName: 'Ana', createdAt: '2026-12-07T01:00:00Z', summary: ['FAQ added'] };
    vi.stubGlobal('fetch', answering(409, { message: 'Release 9 is newer.', current }));
    expect(await publishDraft(8)).toEqual({ status: 'stale', message: 'Release 9 is newer.', current });
    const problems = [{ file: 'content/shop-plans.json', line: 3, column: 5, pointer: '/items/0/price', message: 'must be >= 0' }];
    vi.stubGlobal('fetch', answering(422, { problems }));
    expect(await publishDraft(9)).toEqual({ status: 'invalid', problems });
  });

  it('throws any other refusal in the server’s words, and a 401 ends the session', async () => {
    const ended = vi.fn();
    whenSessionEnds(ended);
    vi.stubGlobal('fetch', answering(403, { message: 'Your roles do not allow this.' }));
    await expect(publishDraft(1)).rejects.toThrow('Your roles do not allow this.');
    answered(401);
    expect(ended).toHaveBeenCalledOnce();
  });
});

describe('serverCheckedValidator', () => {
  const schema = { type: 'object', properties: { price: { type: 'number', minimum: 0 } } } as const;

  it('leaves the schema to the server: no error of its own, every value fits', () => {
    const validator = serverCheckedValidator();
    expect(validator.validateFormData({ price: -1 }, schema)).toEqual({ errors: [], errorSchema: {} });
    expect(validator.isValid(schema, { price: 'x' }, schema)).toBe(true);
  });

  it('still runs the form’s own rules (customValidate)', () => {
    const result = serverCheckedValidator().validateFormData({ price: 1 }, schema, (_data, errors) => {
      errors.price?.addError('Say the price in pesos.');
      return errors;
    });
    expect(result.errorSchema).toMatchObject({ price: { __errors: ['Say the price in pesos.'] } });
    expect(result.errors.map((error) => error.message)).toEqual(['Say the price in pesos.']);
  });
});
