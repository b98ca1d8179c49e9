import { lazy, Suspense, useId, useState } from 'react';
import type { Faq } from '../../generated/api';
import type { BlockRenderProps } from '../types';
import { looksLikeHtml } from './answer';
import './styles.css';

// The sanitiser loads only when an answer holds markup (plain answers keep the page light).
const RichText = lazy(() => import('../../lib/RichText').then((module) => ({ default: module.RichText })));

function Answer({ text }: { text: string }) {
  if (!looksLikeHtml(text)) return <p className="faq__text">{text}</p>;
  return (
    <Suspense fallback={null}>
      <RichText html={text} />
    </Suspense>
  );
}

function FaqItem({ faq, baseId }: { faq: Faq; baseId: string }) {
  const [open, setOpen] = useState(false);
  const buttonId = `${baseId}-q${faq.id}`;
  const panelId = `${baseId}-a${faq.id}`;
  return (
    <li className={open ? 'faq__item faq__item--open' : 'faq__item'}>
      <h3 className="faq__question">
        <button
          id={buttonId}
          type="button"
          className="faq__toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          <span>{faq.question}</span>
          <span className="faq__chevron" aria-hidden="true" />
        </button>
      </h3>
      <div id={panelId} role="region" aria-labelledby={buttonId} className="faq__answer" hidden={!open}>
        <Answer text={faq.answer} />
      </div>
    </li>
  );
}

/**
 * Frequently asked questions in ascending precedence, as a disclosure accordion: each question is a
 * button (aria-expanded) that shows or hides its answer; several may be open at once. Answers may
 * hold HTML from the content service and are sanitised.
 */
export default function FaqBlock({ props, items }: BlockRenderProps<'faq', Faq>) {
  const headingId = useId();
  const baseId = useId().replace(/:/g, '');
  if (items.length === 0 && !props.emptyText) return null;
  return (
    <section className="content-section faq" aria-labelledby={props.title ? headingId : undefined}>
      {props.title && (
        <h2 id={headingId} className="section-title faq__title">
          {props.title}
        </h2>
      )}
      {items.length === 0 ? (
        <p className="faq__empty">{props.emptyText ?? ''}</p>
      ) : (
        <ul className="faq__list">
          {items.map((faq) => (
            <FaqItem key={faq.id} faq={faq} baseId={baseId} />
          ))}
        </ul>
      )}
    </section>
  );
}
