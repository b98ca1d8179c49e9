import { useId } from 'react';
import type { Step } from '../../generated/api';
import { fillSiteText } from '../../lib/site';
import type { BlockRenderProps } from '../types';
import { stepItems } from './items';
import './styles.css';

/**
 * Numbered steps in order (e.g. 'How to get your unlimited plan' from how-it-works, or the three-step
 * video guide written in the section). A bound step shows its image, title and caption.
 */
export default function StepsBlock({ props, items }: BlockRenderProps<'steps', Step>) {
  const headingId = useId();
  const steps = stepItems(items, props.items);
  if (steps.length === 0) return null;
  const numbered = props.numbered;
  return (
    <section className="content-section steps" aria-labelledby={props.title ? headingId : undefined}>
      {props.title && (
        <h2 id={headingId} className="section-title steps__title">
          {props.title}
        </h2>
      )}
      {props.intro && <p className="steps__intro">{props.intro}</p>}
      <ol className={`steps__list steps__list--${Math.min(steps.length, 4)}`}>
        {steps.map((step, index) => (
          <li key={step.key} className="step">
            {step.image && <img className="step__image" src={step.image} alt="" width={800} height={500} loading="lazy" decoding="async" />}
            <div className="step__body">
              {numbered && (
                <span className="step__number" aria-hidden="true">
                  {index + 1}
                </span>
              )}
              <div>
                <h3 className="step__title">{fillSiteText(step.title)}</h3>
                {step.caption && <p className="step__caption">{fillSiteText(step.caption)}</p>}
              </div>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
