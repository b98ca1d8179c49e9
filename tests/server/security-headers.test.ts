import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { BOOT_SCRIPT_HASH, INPUT_SCRIPT_HASH, SPECULATION_RULES_HASH } from '../../server/boot-script';
import {
  CONTENT_SECURITY_POLICY,
  PERMISSIONS_POLICY,
  contentSecurityPolicy,
  registerSecurityHeaders,
  STRICT_TRANSPORT_SECURITY,
  type SecurityOptions,
} from '../../server/security';

const YOUTUBE = ['https://www.youtube-nocookie.com', 'https://www.youtube.com'];

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A small server with the headers and three kinds of answers: JSON, a page, an error. */
async function serverWith(options?: SecurityOptions): Promise<FastifyInstance> {
  app = Fastify();
  if (options) registerSecurityHeaders(app, options);
  else registerSecurityHeaders(app);
  app.get('/json', async () => ({ ok: true }));
  app.get('/page', async (_request, reply) => reply.type('text/html').send('<p>page</p>'));
  app.get('/own-csp', async (_request, reply) => reply.header('content-security-policy', "default-src 'none'").send('x'));
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  await app.ready();
  return app;
}

/** The directives of a Permissions-Policy header: feature -> allowlist members. */
function permissions(header: string): Map<string, string[]> {
  return new Map(
    header.split(', ').map((entry) => {
      const match = /^([a-z-]+)=\(([^)]*)\)$/.exec(entry);
      expect(match, `'${entry}' is a structured-header entry`).not.toBeNull();
      return [match![1], match![2] ? match![2].split(' ') : []];
    }),
  );
}

describe('security headers', () => {
  it.each(['/json', '/page', '/boom', '/missing'])('%s carries the permissions policy, COOP, CSP and no HSTS by default', async (url) => {
    const server = await serverWith({ hsts: false });
    const response = await server.inject({ method: 'GET', url });
    expect(response.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS (a year, subdomains) on every response only when asked', async () => {
    const server = await serverWith({ hsts: true });
    for (const url of ['/json', '/page', '/boom', '/missing']) {
      expect((await server.inject({ method: 'GET', url })).headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
    }
    expect(STRICT_TRANSPORT_SECURITY).toBe('max-age=31536000; includeSubDomains');
  });

  it('defaults to no HSTS for callers that pass no options', async () => {
    const server = await serverWith();
    const response = await server.inject({ method: 'GET', url: '/json' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
  });

  it("keeps a route's own value of a header", async () => {
    const server = await serverWith({ hsts: false });
    expect((await server.inject({ method: 'GET', url: '/own-csp' })).headers['content-security-policy']).toBe("default-src 'none'");
  });
});

describe('permissions policy', () => {
  const policy = permissions(PERMISSIONS_POLICY);

  it.each([
    'camera',
    'microphone',
    'geolocation',
    'payment',
    'usb',
    'serial',
    'hid',
    'midi',
    'display-capture',
    'accelerometer',
    'gyroscope',
    'magnetometer',
  ])('turns %s off for the page and every frame', (feature) => {
    expect(policy.get(feature)).toEqual([]);
  });

  it('lets the site and the YouTube player use fullscreen and picture-in-picture, and YouTube play protected media', () => {
    const youtube = YOUTUBE.map((origin) => `"${origin}"`);
    expect(policy.get('fullscreen')).toEqual(['self', ...youtube]);
    expect(policy.get('picture-in-picture')).toEqual(['self', ...youtube]);
    expect(policy.get('encrypted-media')).toEqual(youtube);
  });

  it('names each feature once', () => {
    expect(policy.size).toBe(PERMISSIONS_POLICY.split(', ').length);
  });
});

describe('content security policy', () => {
  const directives = (csp: string) => new Map(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

  it('is the default policy without a payment provider', () => {
    expect(contentSecurityPolicy()).toBe(CONTENT_SECURITY_POLICY);
    expect(directives(CONTENT_SECURITY_POLICY).get('form-action')).toEqual(["'self'"]);
    expect(directives(CONTENT_SECURITY_POLICY).get('connect-src')).toEqual(["'self'"]);
    expect(directives(CONTENT_SECURITY_POLICY).get('frame-src')).toEqual(YOUTUBE);
  });

  it("adds an external payment provider's origin to form-action and connect-src only", async () => {
    const csp = contentSecurityPolicy({ paymentOrigin: 'https://pay.example.ph/v1/payment-requests?x=1' });
    const map = directives(csp);
    expect(map.get('form-action')).toEqual(["'self'", 'https://pay.example.ph']);
    expect(map.get('connect-src')).toEqual(["'self'", 'https://pay.example.ph']);
    // Scripts: the site's own, and the boot script of a server-rendered page by its hash (no other inline script).
    expect(map.get('script-src')).toEqual(["'self'", INPUT_SCRIPT_HASH, BOOT_SCRIPT_HASH, SPECULATION_RULES_HASH]);
    expect(map.get('default-src')).toEqual(["'self'"]);

    const server = await serverWith({ hsts: true, paymentOrigin: 'https://pay.example.ph' });
    expect((await server.inject({ method: 'GET', url: '/page' })).headers['content-security-policy']).toBe(csp);
  });

  it.each(['javascript:alert(1)', 'pay.example.ph', "https://pay.example.ph; script-src 'unsafe-inline'", 'data:text/html,x'])(
    'refuses the payment origin %s',
    (paymentOrigin) => {
      expect(() => contentSecurityPolicy({ paymentOrigin })).toThrow(/paymentOrigin/);
    },
  );
});
