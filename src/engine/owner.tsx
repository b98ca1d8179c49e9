import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { PageOwner } from '../generated/config';
import { ApiError } from '../api/client';
import { useSource } from '../api/sources';
import { logError } from '../lib/log';
import { fillSiteTexts, site } from '../lib/site';
import type { RouteParams } from '../lib/route-params';

/** What resolving a page's owner gave: still loading, the params with the owner's id, unknown, or a failed load. */
export type OwnerResolution =
  { status: 'loading' } | { status: 'ready'; params: Record<string, string | undefined> } | { status: 'missing' } | { status: 'failed' };

/** The owner's id of a loaded record (a number or a non-empty text), else undefined. */
export function ownerId(record: unknown): string | undefined {
  const id = (record as { id?: unknown } | null | undefined)?.id;
  if (typeof id === 'number' && Number.isFinite(id)) return String(id);
  if (typeof id === 'string' && id.trim() !== '') return id.trim();
  return undefined;
}

/**
 * Resolves a page's owner (a reseller, merchant or promotion named by the slug): loads the record
 * from `owner.source` and adds its id to the params under `owner.param`. A 404, or a reply without
 * a record, means the slug is unknown ('missing'); any other failure is 'failed'.
 */
function useOwner(owner: PageOwner, params: RouteParams): OwnerResolution {
  const { data, error } = useSource(owner.source, params);
  const notFound = error instanceof ApiError && error.status === 404;
  useEffect(() => {
    if (error && !notFound) logError(`owner ${owner.source}`, error);
  }, [error, notFound, owner.source]);
  if (notFound) return { status: 'missing' };
  if (error) return { status: 'failed' };
  if (!data) return { status: 'loading' };
  const id = ownerId(data[0]);
  return id === undefined ? { status: 'missing' } : { status: 'ready', params: { ...params, [owner.param]: id } };
}

/**
 * Renders `children(params)` once the page's owner is known; meanwhile a page-sized placeholder.
 * An unknown owner (an unknown slug) goes to /404; a failed load shows the site's
 * load-failure text (the sections could not query the owner's content anyway).
 */
export function OwnerGate({
  owner,
  params,
  children,
}: {
  owner: PageOwner;
  params: RouteParams;
  children: (params: RouteParams) => ReactNode;
}) {
  const resolution = useOwner(owner, params);
  switch (resolution.status) {
    case 'loading':
      return <div className="page-loading" role="progressbar" aria-busy="true" aria-label="Loading" />;
    case 'missing':
      return <Navigate to="/404" replace />;
    case 'failed':
      return (
        <p className="route-error" role="alert">
          {fillSiteTexts(site).dialogs?.loadFailed ?? 'Sorry, this page could not be loaded.'}
        </p>
      );
    case 'ready':
      return <>{children(resolution.params)}</>;
  }
}
