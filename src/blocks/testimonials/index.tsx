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

/**
 * A card. A long caption shows clamped, with the whole caption in a native disclosure (`<details>`):
 * 'See more' works from the first paint and without any script, and the block never hydrates. Its
 * styles (site.css, Testimonials) show the whole caption in place of the clamped one while it is
 * open, with 'See less' below it.
 */
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
  const clamped = clampText(item.caption, limit);
  return (
    <li className="testimonial">
      <Stars rating={item.ratings} />
      {clamped ? (
        <>
          <p className="testimonial__caption testimonial__caption--clamped">{clamped}</p>
          <details className="testimonial__more">
            <summary className="link-button">
              <span className="testimonial__see-more">{moreLabel}</span>
              <span className="testimonial__see-less">{lessLabel}</span>
            </summary>
            <p className="testimonial__caption">{item.caption}</p>
          </details>
        </>
      ) : (
        <p className="testimonial__caption">{item.caption}</p>
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
