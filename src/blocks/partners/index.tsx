import { useId } from 'react';
import type { Partner } from '../../generated/api';
import { SmartLink } from '../../lib/SmartLink';
import type { BlockRenderProps } from '../types';
import './styles.css';

/** Partner logo cards in ascending precedence; each card links to the partner's own site. */
export default function PartnersBlock({ props, items }: BlockRenderProps<'partners', Partner>) {
  const headingId = useId();
  if (items.length === 0) return null;
  const heading = props.title || undefined;
  return (
    <section className="content-section partners" aria-labelledby={heading ? headingId : undefined}>
      {heading && (
        <h2 id={headingId} className="section-title">
          {heading}
        </h2>
      )}
      {props.intro && <p className="partners__intro">{props.intro}</p>}
      <ul className="partners__list">
        {items.map((partner) => (
          <li key={partner.id}>
            <SmartLink href={partner.url} className="partner-card">
              {partner.background_image?.main && (
                <img
                  className="partner-card__logo"
                  src={partner.background_image.main}
                  alt=""
                  width={160}
                  height={160}
                  loading="lazy"
                  decoding="async"
                />
              )}
              <span className="partner-card__name">{partner.name}</span>
            </SmartLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
