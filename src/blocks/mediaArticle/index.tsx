import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { useSource } from '../../api/sources';
import type { Article } from '../../generated/api';
import { formatDate } from '../../lib/dates';
import { logError } from '../../lib/log';
import { RichText } from '../../lib/RichText';
import type { BlockHooks, BlockRenderProps, BlockSourceRequest } from '../types';
import './styles.css';
import { ContentImage } from '../../lib/ContentImage';
import { slugify } from '../../../domain/slug';

/**
 * One media article by the route's :id: title, created date, image and sanitised HTML. The block
 * loads it itself (the engine's bound sections swallow errors) so that a 404 can lead to the
 * not-found page; other failures are logged and the block renders nothing.
 */
/** The article of the route's :id; an unknown id makes the page a not-found (the server answers 404). */
function sources(
  _props: BlockRenderProps<'mediaArticle'>['props'],
  params: BlockRenderProps<'mediaArticle'>['params'],
): BlockSourceRequest[] {
  return [{ name: 'articles/:id', params: { id: params.id }, required: true }];
}

/** The article's address carries its title's slug: another title in the address is sent on to it. */
function canonicalParams(
  _props: BlockRenderProps<'mediaArticle'>['props'],
  _params: BlockRenderProps<'mediaArticle'>['params'],
  [articles]: readonly (readonly unknown[] | undefined)[],
): Record<string, string> | undefined {
  const title = (articles?.[0] as Partial<Article> | undefined)?.title;
  const slug = typeof title === 'string' ? slugify(title) : '';
  return slug ? { title: slug } : undefined;
}

/** What the engine needs beside the component (BlockHooks, src/blocks/types.ts). */
export const block: BlockHooks<'mediaArticle'> = {
  sources,
  canonicalParams,
};

export default function MediaArticleBlock({ props, params }: BlockRenderProps<'mediaArticle'>) {
  const navigate = useNavigate();
  const { data, error } = useSource<Article>('articles/:id', { id: params.id });
  // A 404, or an answer without an article, means the id is unknown.
  const notFound = (error instanceof ApiError && error.status === 404) || (!error && data?.length === 0);
  const notFoundPath = props.notFoundPath;

  useEffect(() => {
    if (notFound) navigate(notFoundPath, { replace: true });
    else if (error) logError('source articles/:id', error);
  }, [error, notFound, navigate, notFoundPath]);

  if (error || notFound) return null;
  if (!data)
    return (
      <div className="block-skeleton media-article__skeleton" aria-busy="true">
        <div className="block-skeleton__shape" />
      </div>
    );
  const article = data[0];
  return (
    <article className="content-section media-article">
      <h1 className="media-article__title">{article.title}</h1>
      <p className="media-article__date">
        {props.dateLabel && <span>{props.dateLabel} </span>}
        <time dateTime={article.created_at}>{formatDate(article.created_at)}</time>
      </p>
      <ContentImage
        image={article.background_image}
        className="media-article__image"
        width={800}
        height={500}
        sizes="(min-width: 900px) 840px, 100vw"
        priority="high"
      />
      <RichText html={article.description} className="media-article__body" />
    </article>
  );
}
