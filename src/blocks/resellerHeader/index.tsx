import { useMemo } from 'react';
import { Link, NavLink } from 'react-router';
import type { Reseller } from '../../generated/api';
import { brandVariables, resellerBranding, useBrandVariables } from '../../lib/brand';
import { fillPath, isInternal, site, withValues } from '../../lib/site';
import { SmartLink } from '../../lib/SmartLink';
import type { BlockRenderProps } from '../types';
import './styles.css';

/**
 * The reseller's own header: its logo, name and tagline (from its details, with the site's defaults
 * for anything missing or malformed) and a few links. It also applies the reseller's colours to the
 * page while it is shown (lib/brand.ts: shaded for AA contrast).
 */
export default function ResellerHeaderBlock({ props, items, params }: BlockRenderProps<'resellerHeader', Reseller>) {
  const branding = useMemo(() => resellerBranding(items[0], { name: site.product.name, logo: site.companySite.logo }), [items]);
  const vars = useMemo(() => brandVariables(branding), [branding]);
  useBrandVariables(vars);
  const { links } = props;

  return (
    <header className="reseller-header" data-reseller-header="">
      <div className="reseller-header__inner">
        <Link to={fillPath(props.homeHref, params)} className="reseller-header__brand">
          {branding.logo && <img className="reseller-header__logo" src={branding.logo} alt="" width={44} height={44} />}
          <span className="reseller-header__text">
            <span className="reseller-header__name">{branding.name}</span>
            {branding.tagline && <span className="reseller-header__tagline">{branding.tagline}</span>}
          </span>
        </Link>
        {links.length > 0 && (
          <nav
            className="reseller-header__nav"
            aria-label={props.navLabel ? withValues(props.navLabel, { name: branding.name }) : undefined}
          >
            <ul>
              {links.map((link) => {
                const href = fillPath(link.href, params);
                return (
                  <li key={link.href}>
                    {isInternal(href) ? (
                      // aria-current="page" on the link to the page that shows (NavLink; `end`: that page only).
                      <NavLink to={href} end>
                        {withValues(link.label, { name: branding.name })}
                      </NavLink>
                    ) : (
                      <SmartLink href={href}>{withValues(link.label, { name: branding.name })}</SmartLink>
                    )}
                  </li>
                );
              })}
            </ul>
          </nav>
        )}
      </div>
    </header>
  );
}
