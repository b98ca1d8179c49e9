import { useState } from 'react';
import type { Testimonial } from '../../generated/api';
import type { BlockRenderProps } from '../types';
import { clampText } from './clamp';

function Stars({ rating }: { rating: number }) {
  const count = Math.max(0, Math.round(rating));
  return (
    <span className="stars" role="img" aria-label={`${count} out of 5 stars`}>
      {Array.from({ length: count }, (_, i) => (
        <span key={i} aria-hidden="true">
          ★
        </span>
      ))}
    </span>
  );
}

function TestimonialCard({
  item,
  limit,
  moreLabel,
  lessLabel,
}: {
  item: Testimonial;
  limit: number;
  moreLabel: string;
  lessLabel: string;
}) {
  const [open, setOpen] = useState(false);
  const clamped = clampText(item.caption, limit);
  const captionId = `testimonial-${item.id}-caption`;
  return (
    <li className="testimonial">
      <Stars rating={item.ratings} />
      <p id={captionId} className="testimonial__caption">
        {clamped && !open ? clamped : item.caption}
      </p>
      {clamped && (
        <button type="button" className="link-button" aria-expanded={open} aria-controls={captionId} onClick={() => setOpen((o) => !o)}>
          {open ? lessLabel : moreLabel}
        </button>
      )}
      <p className="testimonial__name">{item.name}</p>
      {item.title && <p className="testimonial__title">{item.title}</p>}
    </li>
  );
}

/** Testimonials in ascending precedence: stars equal the rating; long captions clamp (by words) with 'See more'. */
export default function TestimonialsBlock({ props, items }: BlockRenderProps<'testimonials', Testimonial>) {
  if (items.length === 0) return null;
  return (
    <section className="content-section testimonials">
      {props.title && <h2 className="section-title">{props.title}</h2>}
      <ul className="testimonials__list">
        {items.map((item) => (
          <TestimonialCard key={item.id} item={item} limit={props.clampWords} moreLabel={props.moreLabel} lessLabel={props.lessLabel} />
        ))}
      </ul>
    </section>
  );
}
