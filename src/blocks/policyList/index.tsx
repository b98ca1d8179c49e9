import type { PrivacyPolicy } from '../../generated/api';
import { RichText } from '../../lib/RichText';
import type { BlockRenderProps } from '../types';

/** Titles with descriptions (the Data Privacy Policy list), in ascending precedence. */
export default function PolicyListBlock({ props, items }: BlockRenderProps<'policyList', PrivacyPolicy>) {
  return (
    <section className="content-section policy-list">
      {props.title && <h1 className="section-title">{props.title}</h1>}
      {items.map((policy, index) => (
        <article key={policy.id ?? index} className="policy-list__item">
          <h2>{policy.title}</h2>
          <RichText html={policy.description} />
        </article>
      ))}
    </section>
  );
}
