import { useId } from 'react';
import type { BlockRenderProps } from '../types';
import './styles.css';

/** A heading over paragraphs and a list of points (numbered when `ordered`), all from the section's props. */
export default function TextSectionBlock({ props }: BlockRenderProps<'textSection'>) {
  const headingId = useId();
  const { title, paragraphs = [], items = [], ordered = false } = props;
  if (!title && paragraphs.length === 0 && items.length === 0) return null;

  const Heading = props.headingLevel === 1 ? 'h1' : 'h2';
  const List = ordered ? 'ol' : 'ul';
  const classes = ['text-section', props.align === 'center' && 'text-section--center', props.tone === 'surface' && 'text-section--surface']
    .filter(Boolean)
    .join(' ');
  return (
    <section className={classes} aria-labelledby={title ? headingId : undefined}>
      <div className="content-section text-section__inner">
        {title && (
          <Heading id={headingId} className="section-title">
            {title}
          </Heading>
        )}
        {paragraphs.map((text, index) => (
          <p key={index} className="text-section__paragraph">
            {text}
          </p>
        ))}
        {items.length > 0 && (
          <List className={ordered ? 'text-section__list text-section__list--ordered' : 'text-section__list'}>
            {items.map((text, index) => (
              <li key={index}>{text}</li>
            ))}
          </List>
        )}
      </div>
    </section>
  );
}
