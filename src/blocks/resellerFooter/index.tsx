import { useMemo } from 'react';
import type { Reseller } from '../../generated/api';
import { brandVariables, resellerBranding, useBrandVariables } from '../../lib/brand';
import { ContentDialogButton } from '../../lib/content-dialogs';
import { fillPath, site, withValues } from '../../lib/site';
import { SmartLink } from '../../lib/SmartLink';
import type { BlockRenderProps } from '../types';
import './styles.css';

/**
 * The reseller's own footer: its name and tagline, buttons that open its terms, privacy policies and
 * FAQs in dialogs (each source loads when its dialog opens, with the page owner's id), links, and
 * the copyright.
 */
export default function ResellerFooterBlock({ props, items, params }: BlockRenderProps<'resellerFooter', Reseller>) {
  const { texts } = props;
  const branding = useMemo(() => resellerBranding(items[0], { name: site.product.name, logo: site.companySite.logo }), [items]);
  const vars = useMemo(() => brandVariables(branding), [branding]);
  // The same brand as the header's (applied once, whichever of the two a page shows).
  useBrandVariables(vars);
  const names = { name: branding.name };

  return (
    <footer className="reseller-footer" data-reseller-footer="">
      <div className="reseller-footer__inner">
        <div className="reseller-footer__brand">
          <p className="reseller-footer__name">{branding.name}</p>
          {branding.tagline && <p className="reseller-footer__tagline">{branding.tagline}</p>}
        </div>
        <nav className="reseller-footer__nav" aria-label={withValues(texts.infoLabel, names)}>
          <ul>
            {props.dialogs.map((dialog) => (
              <li key={dialog.kind + dialog.source}>
                <ContentDialogButton spec={dialog} params={params} closeLabel={texts.closeLabel} className="reseller-footer__link" />
              </li>
            ))}
            {props.links.map((link) => (
              <li key={link.href}>
                <SmartLink href={fillPath(link.href, params)} className="reseller-footer__link">
                  {withValues(link.label, names)}
                </SmartLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="reseller-footer__legal">
        <p>{withValues(texts.copyright, names)}</p>
        {texts.poweredBy && <p>{withValues(texts.poweredBy, names)}</p>}
      </div>
    </footer>
  );
}
