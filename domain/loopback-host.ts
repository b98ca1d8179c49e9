/**
 * The Host names a development surface answers to: 127.0.0.1, localhost and [::1], with any port.
 * A page of another site whose name an attacker points at 127.0.0.1 (DNS rebinding) is same-origin
 * with itself, not with this machine, and its requests carry its own name as Host: the demo API's
 * /api/dev and /dev routes, and the dev and editor servers, refuse them, so such a page cannot read
 * the demo outbox (access keys, activation codes) or the editor's files.
 */
export const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'] as const;

/** The plain-text answer to a request with another Host (status 403). */
export const FOREIGN_HOST_MESSAGE = 'This development server answers only to 127.0.0.1, localhost or [::1].';

const PORT = /^\d{1,5}$/;

/** Whether a Host header names this machine as LOOPBACK_HOSTS lists it (any case, any port); no Host is not. */
export function isLoopbackHost(host: string | undefined): boolean {
  if (host === undefined) return false;
  const value = host.toLowerCase();
  return LOOPBACK_HOSTS.some((name) => value === name || (value.startsWith(`${name}:`) && PORT.test(value.slice(name.length + 1))));
}
