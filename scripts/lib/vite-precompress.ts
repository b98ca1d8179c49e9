import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Built files a browser fetches as text: worth compressing once, at the highest level, ahead of any request. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json)$/;
/** Below this, compression saves less than its headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (Brotli, quality 11) and `<file>.gz` (gzip, level 9) beside each script, style
 * and SVG of the browser build. The server sends them as they are to a browser that accepts them
 * (server/static.ts, `preCompressed`): Brotli at quality 11 is about 13% smaller than the gzip or the
 * fast Brotli a server can afford per request, and costs no CPU per request. A variant that is not
 * smaller than the file is not written.
 */
export function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      await Promise.all(
        Object.values(bundle).map(async (file) => {
          if (!COMPRESSIBLE.test(file.fileName)) return;
          const data = Buffer.from(file.type === 'chunk' ? file.code : file.source);
          if (data.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              },
            }),
            gzipAsync(data, { level: 9 }),
          ]);
          const path = join(dir, file.fileName);
          if (br.length < data.length) await writeFile(`${path}.br`, br);
          if (gz.length < data.length) await writeFile(`${path}.gz`, gz);
        }),
      );
    },
  };
}
