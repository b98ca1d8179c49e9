import type { BlockRenderProps } from '../types';
import './styles.css';

/** A titled grid of short points, each with a number, a title and a sentence; all text from props. */
export default function AdvantagesBlock({ props }: BlockRenderProps<'advantages'>) {
  const heading = props.title || undefined;
  return (
    <section className="content-section advantages">
      {heading && <h2 className="section-title">{heading}</h2>}
      {props.intro && <p className="advantages__intro">{props.intro}</p>}
      <ol className="advantages__list">
        {props.items.map((item, index) => (
          <li key={`${index}-${item.title}`} className="advantages__item">
            <span className="advantages__number" aria-hidden="true">
              {index + 1}
            </span>
            <h3 className="advantages__title">{item.title}</h3>
            <p className="advantages__text">{item.description}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
