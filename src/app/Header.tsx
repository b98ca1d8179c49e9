import { lazy, Suspense, useState } from 'react';
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
            {/* Fluent's Navigation24Regular icon, inline: the icon package would bring Griffel to every page. */}
            <svg className="site-header__drawer-icon" aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="currentColor">
              <path d="M2.75 18h18.5a.75.75 0 0 1 .1 1.5H2.75a.75.75 0 0 1-.1-1.5zh18.5zm0-6.5h18.5a.75.75 0 0 1 .1 1.5H2.75a.75.75 0 0 1-.1-1.5zh18.5zm0-6.5h18.5a.75.75 0 0 1 .1 1.5H2.75a.75.75 0 0 1-.1-1.49zh18.5z" />
            </svg>
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
