import { useEffect } from 'react';
import type { Footer as FooterRecord } from '../generated/api';
import { useSource } from '../api/sources';
import { logError } from '../lib/log';
import { fillSiteTexts, site } from '../lib/site';
import { SmartLink } from '../lib/SmartLink';
import { telHref } from '../lib/tel';

function ContactsTable() {
  const { data, error } = useSource<FooterRecord>('footers');
  useEffect(() => {
    if (error) logError('source footers', error);
  }, [error]);
  const contacts = data?.[0]?.values?.contacts ?? [];
  if (contacts.length === 0) return null;
  return (
    <table className="site-footer__contacts">
      <caption>{fillSiteTexts(site).footer.contactsTitle}</caption>
      <tbody>
        {contacts.map((contact) => (
          <tr key={contact.label}>
            <th scope="row">{contact.label}</th>
            <td>
              {contact.numbers.map((number) => (
                <a key={number} href={telHref(number)}>
                  {number}
                </a>
              ))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function LinkList({ title, links }: { title: string; links: { label: string; href: string }[] }) {
  return (
    <nav aria-label={title} className="site-footer__links">
      <h2>{title}</h2>
      <ul>
        {links.map((link) => (
          <li key={link.href + link.label}>
            <SmartLink href={link.href}>{link.label}</SmartLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The site footer: contacts from `footers`, shortcuts, social buttons, address, copyright, stores. */
export function Footer() {
  const { footer, social, address, stores } = fillSiteTexts(site);
  return (
    <footer className="site-footer">
      <div className="site-footer__grid">
        <div>
          <ContactsTable />
        </div>
        <LinkList title={footer.aboutTitle} links={footer.about} />
        <LinkList title={footer.otherTitle} links={footer.other} />
        <div>
          <h2>{footer.followTitle}</h2>
          <ul className="site-footer__social">
            {social.map((link) => (
              <li key={link.network}>
                <a href={link.href} target="_blank" rel="noopener noreferrer" className={`social social--${link.network}`}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
          <h2>{footer.storesTitle}</h2>
          <div className="site-footer__stores">
            <a href={stores.android.href} target="_blank" rel="noopener noreferrer" className="store-badge">
              {stores.android.label}
            </a>
            <a href={stores.ios.href} target="_blank" rel="noopener noreferrer" className="store-badge">
              {stores.ios.label}
            </a>
          </div>
        </div>
      </div>
      <address className="site-footer__address">{address}</address>
      <p className="site-footer__copyright">{footer.copyright}</p>
    </footer>
  );
}
