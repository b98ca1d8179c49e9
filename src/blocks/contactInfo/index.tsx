import type { Footer } from '../../generated/api';
import { fillSiteTexts, site } from '../../lib/site';
import { telHref } from '../../lib/tel';
import type { BlockRenderProps } from '../types';

/** Telemedicine-centre numbers by label (from the footers record) and the site's social links. */
export default function ContactInfoBlock({ props, items }: BlockRenderProps<'contactInfo', Footer>) {
  const contacts = items[0]?.values?.contacts ?? [];
  return (
    <section className="content-section contact-info">
      {props.title && <h2 className="section-title">{props.title}</h2>}
      <dl className="contact-info__list">
        {contacts.map((contact) => (
          <div key={contact.label} className="contact-info__row">
            <dt>{contact.label}</dt>
            {contact.numbers.map((number) => (
              <dd key={number}>
                <a href={telHref(number)}>{number}</a>
              </dd>
            ))}
          </div>
        ))}
      </dl>
      {props.socialTitle && <h3>{props.socialTitle}</h3>}
      <ul className="contact-info__social">
        {fillSiteTexts(site).social.map((link) => (
          <li key={link.network}>
            <a href={link.href} target="_blank" rel="noopener noreferrer" className="social social--light">
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
