import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT_DIR } from './root';

export interface Product {
  /** Display name, e.g. "Bantay Doc". */
  name: string;
  /** Short name used in paths and slugs, e.g. "bantaydoc". */
  short: string;
}

const DEFAULT_PRODUCT: Product = { name: 'Bantay Doc', short: 'bantaydoc' };

/** The product names from pages.config.json (site.product), or the defaults when it is absent or unreadable. */
export function readProduct(configPath: string = join(ROOT_DIR, 'pages.config.json')): Product {
  try {
    const config = JSON.parse(readFileSync(configPath, 'utf8')) as { site?: { product?: Partial<Product> } };
    const product = config.site?.product;
    const short = typeof product?.short === 'string' && /^[a-z0-9-]+$/.test(product.short) ? product.short : DEFAULT_PRODUCT.short;
    const name = typeof product?.name === 'string' && product.name.trim() ? product.name : DEFAULT_PRODUCT.name;
    return { name, short };
  } catch {
    return DEFAULT_PRODUCT;
  }
}
