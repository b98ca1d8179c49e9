import { lazy, Suspense, useState } from 'react';
import { Navigation24Regular } from '@fluentui/react-icons';
import { usePageChrome } from '../lib/page-chrome';
import { fill, site } from '../lib/site';
import { SmartLink } from '../lib/SmartLink';

// The drawer is only used on small screens, after a tap: it loads then, not with every page.
const SiteDrawer = lazy(() => import('./SiteDrawer'));

/** The fixed site header: logo to the main company site, the menu, and on xs/sm a right-side drawer. */
export function Header({ drawer }: { drawer: boolean }) {
  const chrome = usePageChrome();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const { header, product, companySite } = site;

  return (
    <header className={`site-header site-header--${chrome.headerColor}`} data-header-color={chrome.headerColor}>
      <div className="site-header__inner">
        <a className="site-header__logo" href={companySite.home} aria-label={`${product.name} home`}>
          <img src={companySite.logo ?? '/logo.svg'} alt="" width={36} height={36} />
          <span>{product.name}</span>
        </a>
        <nav className="site-header__menu" aria-label="Main">
          <ul>
            {header.menu.map((link) => (
              <li key={link.href}>
                <SmartLink href={link.href}>{fill(link.label)}</SmartLink>
              </li>
            ))}
          </ul>
        </nav>
        {drawer && (
          // A plain button: Fluent's Button would put its code and tokens on every page for this one control.
          <button
            type="button"
            className="site-header__drawer-button"
            aria-label={fill(header.menuLabel)}
            aria-expanded={open}
            onClick={() => {
              setOpened(true);
              setOpen(true);
            }}
          >
            <Navigation24Regular aria-hidden="true" />
          </button>
        )}
      </div>
      {drawer && opened && (
        <Suspense fallback={null}>
          <SiteDrawer open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </header>
  );
}
