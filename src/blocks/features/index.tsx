import { useId } from 'react';
import type { Feature } from '../../generated/api';
import type { BlockRenderProps } from '../types';
import './styles.css';

/**
 * App features in ascending precedence: image beside text, alternating sides and colours. The
 * first, third... item is light with the image on the left; the second, fourth... is brand blue with
 * the image on the right (on xs the image always comes first).
 */
export default function FeaturesBlock({ props, items }: BlockRenderProps<'features', Feature>) {
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <section className="features" aria-labelledby={props.title ? headingId : undefined}>
      {(props.title || props.intro) && (
        <div className="content-section features__head">
          {props.title && (
            <h2 id={headingId} className="section-title">
              {props.title}
            </h2>
          )}
          {props.intro && <p className="features__intro">{props.intro}</p>}
        </div>
      )}
      <ul className="features__list">
        {items.map((feature, index) => (
          <li key={feature.id} className={`feature feature--${index % 2 === 0 ? 'odd' : 'even'}`}>
            <div className="feature__inner">
              {feature.background_image?.main && (
                <img
                  className="feature__image"
                  src={feature.background_image.main}
                  alt=""
                  width={800}
                  height={500}
                  loading="lazy"
                  decoding="async"
                />
              )}
              <div className="feature__text">
                <h3 className="feature__title">{feature.title}</h3>
                <p className="feature__description">{feature.description}</p>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
