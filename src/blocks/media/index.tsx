import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSource } from '../../api/sources';
import type { Article } from '../../generated/api';
import { formatDate, manilaYear } from '../../lib/dates';
import { logError } from '../../lib/log';
import { fillPath, withValues } from '../../lib/site';
import type { BlockHooks, BlockRenderProps, BlockSourceRequest } from '../types';
import { archiveYears, formatMonth, groupByMonth, htmlToText, parseMonth, slugify, type MonthGroup } from './articles';
import './styles.css';
import { ContentImage } from '../../lib/ContentImage';

type Props = BlockRenderProps<'media'>['props'];

/** The query of one year of articles, newest first. */
function yearQuery(year: number) {
  return { year, order_by: 'DESC' };
}

/**
 * What the block shows first: this year's articles in Manila, and those of the month's year the
 * address names (`?month=2025-03`): the server loads them with the page.
 */
function sources(_props: Props, _params: unknown, search: URLSearchParams): BlockSourceRequest[] {
  const year = manilaYear();
  const picked = parseMonth(search.get('month'), year);
  return [year, ...(picked && picked.year !== year ? [picked.year] : [])].map((y) => ({ name: 'articles', query: yearQuery(y) }));
}

/** One year of articles, newest first (the SWR cache shares it between the accordion and the cards). */
function useYearArticles(year: number | undefined) {
  const query = useMemo(() => (year === undefined ? undefined : yearQuery(year)), [year]);
  const result = useSource<Article>(query ? 'articles' : undefined, {}, query);
  useEffect(() => {
    if (result.error) logError(`source articles?year=${year}`, result.error);
  }, [result.error, year]);
  return result;
}

interface Pick {
  year: number;
  month: number;
}

function monthName(props: Props, month: number): string {
  return props.monthNames[month - 1] ?? String(month);
}

function YearPanel({
  year,
  props,
  picked,
  onPick,
  id,
  labelledBy,
}: {
  year: number;
  props: Props;
  picked: Pick | null;
  onPick: (pick: Pick) => void;
  id: string;
  labelledBy: string;
}) {
  const { data, error } = useYearArticles(year);
  const groups = useMemo(() => groupByMonth(data ?? []), [data]);
  let content;
  if (error) content = null;
  else if (!data) content = <div className="media__months-loading" aria-busy="true" />;
  else if (groups.length === 0) content = <p className="media__empty">{props.emptyText}</p>;
  else
    content = (
      <ul className="media__months">
        {groups.map(({ month, items }) => {
          const active = picked?.year === year && picked.month === month;
          return (
            <li key={month}>
              <button
                type="button"
                className={active ? 'media__month media__month--active' : 'media__month'}
                aria-pressed={active}
                onClick={() => onPick({ year, month })}
              >
                {withValues(props.monthLabel, { month: monthName(props, month), count: items.length })}
              </button>
            </li>
          );
        })}
      </ul>
    );
  return (
    <div id={id} role="region" aria-labelledby={labelledBy} className="media__panel">
      {content}
    </div>
  );
}

function ArticleCard({ article, props, eager }: { article: Article; props: Props; eager: boolean }) {
  const href = fillPath(props.articlePath, { id: String(article.id), title: slugify(article.title) });
  return (
    <li className="media-card">
      <h4 className="media-card__title">{article.title}</h4>
      <p className="media-card__date">
        <time dateTime={article.post_date}>{formatDate(article.post_date)}</time>
      </p>
      <ContentImage
        image={article.background_image}
        className="media-card__image"
        sizes="(min-width: 700px) 360px, 100vw"
        width={800}
        height={500}
        priority={eager ? 'eager' : 'lazy'}
      />
      <p className="media-card__excerpt">{htmlToText(article.description)}</p>
      {/* The article's title is part of the link's text (read by screen readers and crawlers), not shown. */}
      <Link className="media-card__more" to={href}>
        {props.readMore}
        <span className="visually-hidden">: {article.title}</span>
      </Link>
    </li>
  );
}

function Results({
  props,
  pick,
  groups,
  loading,
  empty,
}: {
  props: Props;
  pick: Pick | null;
  groups: MonthGroup<Article>[] | undefined;
  loading: boolean;
  empty: boolean;
}) {
  const headingId = useId();
  const group = pick ? groups?.find((g) => g.month === pick.month) : undefined;
  if (loading) return <div className="media__results media__results--loading" aria-busy="true" />;
  if (!pick || !group) {
    return <div className="media__results">{empty && <p className="media__empty">{props.emptyText}</p>}</div>;
  }
  return (
    <section className="media__results" aria-labelledby={headingId}>
      <h3 id={headingId} className="media__results-title">
        {monthName(props, pick.month)} {pick.year}
      </h3>
      <ul className="media__cards">
        {group.items.map((article, index) => (
          <ArticleCard key={article.id} article={article} props={props} eager={index < 2} />
        ))}
      </ul>
    </section>
  );
}

/** What the engine needs beside the component (BlockHooks, src/blocks/types.ts). */
export const block: BlockHooks<'media'> = {
  sources,
  // The picked month is in the address: a shared link or Back shows that month.
  searchParams: ['month'],
};

/**
 * The media archive (the Media page): years in an accordion, current year open and loaded
 * first, others loaded when expanded; months December to January with counts; a picked month's
 * cards beside (or, on small screens, below) the accordion.
 */
export default function MediaBlock({ props }: BlockRenderProps<'media'>) {
  const currentYear = useMemo(() => manilaYear(), []);
  const years = useMemo(() => archiveYears(currentYear, props.years), [currentYear, props.years]);
  const [search, setSearch] = useSearchParams();
  // A month the archive does not list ('?month=1999-01', '?month=x') shows as no pick.
  const picked = useMemo(() => {
    const parsed = parseMonth(search.get('month'), currentYear);
    return parsed && years.includes(parsed.year) ? parsed : null;
  }, [search, currentYear, years]);
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set([currentYear, ...(picked ? [picked.year] : [])]));
  const baseId = useId();
  const resultsRef = useRef<HTMLDivElement>(null);

  // The current year loads at once; until the visitor picks a month its newest month is shown.
  const current = useYearArticles(currentYear);
  const currentGroups = useMemo(() => (current.data ? groupByMonth(current.data) : undefined), [current.data]);
  const pick = picked ?? (currentGroups?.[0] ? { year: currentYear, month: currentGroups[0].month } : null);

  const shown = useYearArticles(pick && pick.year !== currentYear ? pick.year : undefined);
  const shownGroups = useMemo(() => (shown.data ? groupByMonth(shown.data) : undefined), [shown.data]);
  const groups = pick && pick.year !== currentYear ? shownGroups : currentGroups;

  const toggle = (year: number) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (next.has(year)) next.delete(year);
      else next.add(year);
      return next;
    });

  const choose = (next: Pick) => {
    // A new history entry: Back shows the month before. The query alone changes: the page keeps its place.
    setSearch(
      (previous) => {
        const query = new URLSearchParams(previous);
        query.set('month', formatMonth(next));
        return query;
      },
      { preventScrollReset: true },
    );
    // On small screens the cards sit below the accordion: bring them into view.
    const box = resultsRef.current?.getBoundingClientRect();
    if (box && box.top > window.innerHeight * 0.75) {
      requestAnimationFrame(() => resultsRef.current?.scrollIntoView({ block: 'start' }));
    }
  };

  return (
    <section className="content-section media">
      <h1 className="section-title">{props.title}</h1>
      <h2 className="media__subtitle">{props.articlesTitle}</h2>
      <div className="media__layout">
        <nav className="media__archive" aria-label={props.archiveLabel}>
          {years.map((year) => {
            const expanded = open.has(year);
            const buttonId = `${baseId}-year-${year}`;
            const panelId = `${baseId}-panel-${year}`;
            return (
              <div key={year} className={expanded ? 'media__year media__year--open' : 'media__year'}>
                <h3 className="media__year-heading">
                  <button
                    type="button"
                    id={buttonId}
                    className="media__year-button"
                    aria-expanded={expanded}
                    aria-controls={expanded ? panelId : undefined}
                    onClick={() => toggle(year)}
                  >
                    <span>{year}</span>
                    <span className="media__chevron" aria-hidden="true" />
                  </button>
                </h3>
                {expanded && <YearPanel year={year} props={props} picked={pick} onPick={choose} id={panelId} labelledBy={buttonId} />}
              </div>
            );
          })}
        </nav>
        <div ref={resultsRef} className="media__results-anchor">
          <Results
            props={props}
            pick={pick}
            groups={groups}
            loading={pick ? !groups && !(pick.year === currentYear ? current.error : shown.error) : !current.data && !current.error}
            empty={Boolean(current.data && current.data.length === 0 && !picked)}
          />
        </div>
      </div>
    </section>
  );
}
