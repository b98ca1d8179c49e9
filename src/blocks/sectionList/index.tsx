import { useId } from 'react';
import type { Section } from '../../generated/api';
import { Paragraphs } from '../../lib/Paragraphs';
import { fillSiteText } from '../../lib/site';
import type { BlockRenderProps } from '../types';
import { inPrecedenceRange } from './range';
import './styles.css';
import { ContentImage } from '../../lib/ContentImage';

function Item({ item, headed }: { item: Section; headed: boolean }) {
  const Heading = headed ? 'h3' : 'h2';
  return (
    <li className="section-list__item">
      <ContentImage
        image={item.background_image}
        className="section-list__image"
        width={800}
        height={500}
        sizes="(min-width: 600px) 50vw, 100vw"
      />
      <div className="section-list__text">
        <Heading className="section-list__title">{fillSiteText(item.title)}</Heading>
        <Paragraphs text={item.description} className="section-list__description" />
      </div>
    </li>
  );
}

/**
 * Titled text-and-image sections (About: What is Telemedicine, This is {product}, Mission, Values,
 * Awards; the Tele-Treatment Program), in ascending precedence. With a heading, items are its
 * subsections (h3); without one, each item is a section of the page (h2).
 */
export default function SectionListBlock({ props, items }: BlockRenderProps<'sectionList', Section>) {
  const headingId = useId();
  const shown = inPrecedenceRange(items, props.precedenceFrom, props.precedenceTo);
  if (shown.length === 0) return null;
  const heading = props.title || undefined;
  const { layout } = props;
  return (
    <section className={`content-section section-list section-list--${layout}`} aria-labelledby={heading ? headingId : undefined}>
      {heading && (
        <h2 id={headingId} className="section-title">
          {heading}
        </h2>
      )}
      {props.intro && <p className="section-list__intro">{props.intro}</p>}
      <ul className="section-list__items">
        {shown.map((item) => (
          <Item key={item.id} item={item} headed={Boolean(heading)} />
        ))}
      </ul>
    </section>
  );
}
