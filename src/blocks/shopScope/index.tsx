import { useLayoutEffect } from 'react';
import { enterShop } from '../../shop/owner-scope';
import type { BlockRenderProps } from '../types';

/** A whole-number id from a route param, else null. */
function idOf(value: string | undefined): number | null {
  return value !== undefined && /^\d{1,12}$/.test(value) ? Number(value) : null;
}

/**
 * Enters the page's shop with its cart (src/shop/owner-scope.ts): another shop's cart is cleared and
 * the page reloads (docs/decisions.md, "Slug change"). A layout effect, so that a stale cart is never painted first.
 */
export default function ShopScopeBlock({ props, params }: BlockRenderProps<'shopScope'>) {
  const slug = params[props.slugParam];
  const id = idOf(params[props.ownerParam]);
  useLayoutEffect(() => {
    if (!slug) return;
    if (enterShop(props.cartKind, slug, id) === 'changed') window.location.reload();
  }, [props.cartKind, slug, id]);
  return null;
}
