import { useId } from 'react';
import type { VideoDescription } from '../../generated/api';
import { fillSiteText } from '../../lib/site';
import type { BlockRenderProps } from '../types';
import { cardItems } from './items';
import './styles.css';

/** A heading over a row of cards, each a title and a text (e.g. the App services, the Play Video descriptions). */
export default function CardsBlock({ props, items }: BlockRenderProps<'cards', VideoDescription>) {
  const headingId = useId();
  const cards = cardItems(items, props.items);
  if (cards.length === 0) return null;
  return (
    <section className="content-section cards" aria-labelledby={props.title ? headingId : undefined}>
      {props.title && (
        <h2 id={headingId} className="section-title cards__title">
          {props.title}
        </h2>
      )}
      {props.intro && <p className="cards__intro">{props.intro}</p>}
      <ul className="cards__list">
        {cards.map((card, index) => (
          <li key={index} className="card">
            <h3 className="card__title">{fillSiteText(card.title)}</h3>
            <p className="card__text">{fillSiteText(card.description)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
