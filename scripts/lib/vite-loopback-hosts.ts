import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin } from 'vite';
import { FOREIGN_HOST_MESSAGE, isLoopbackHost } from '../../domain/loopback-host.ts';

/**
 * Answers a request whose Host is not 127.0.0.1, localhost or [::1] (any port) with 403 in plain
 * text, and says so (true); leaves any other alone (false). domain/loopback-host.ts says why.
 */
export function refusedForeignHost(req: IncomingMessage, res: ServerResponse): boolean {
  if (isLoopbackHost(req.headers.host)) return false;
  res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(FOREIGN_HOST_MESSAGE);
  return true;
}

/**
 * The dev server of `npm run dev` and `npm run edit` answers only to 127.0.0.1, localhost and [::1]:
 * its modules, the editor's API and what it proxies to the demo API. Vite's own check
 * (`server.allowedHosts`, left at its default) already refuses other names before any plugin, but
 * lets through every IP address and every *.localhost name; this narrows it to the three names,
 * ahead of every other plugin's middleware (`order: 'pre'`).
 */
export function loopbackHostsOnly(): Plugin {
  return {
    name: 'telmed-loopback-hosts',
    apply: 'serve',
    configureServer: {
      order: 'pre',
      handler(server) {
        server.middlewares.use((req, res, next) => {
          if (!refusedForeignHost(req, res)) next();
        });
      },
    },
  };
}
