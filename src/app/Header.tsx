import { fillSiteTexts, site } from '../lib/site';
import { SmartLink } from '../lib/SmartLink';

/** The id of the drawer (a popover): its buttons name it. */
const DRAWER_ID = 'site-drawer';

/** The menu (Fluent's Navigation24Regular) and close icons, inline: the icon package would bring Griffel to every page. */
const MENU_ICON =
  'M2.75 18h18.5a.75.75 0 0 1 .1 1.5H2.75a.75.75 0 0 1-.1-1.5zh18.5zm0-6.5h18.5a.75.75 0 0 1 .1 1.5H2.75a.75.75 0 0 1-.1-1.5zh18.5zm0-6.5h18.5a.75.75 0 0 1 .1 1.5H2.75a.75.75 0 0 1-.1-1.49zh18.5z';
const CLOSE_ICON = 'M5.3 4.2 12 10.9l6.7-6.7 1.1 1.1-6.7 6.7 6.7 6.7-1.1 1.1-6.7-6.7-6.7 6.7-1.1-1.1 6.7-6.7-6.7-6.7z';

function Icon({ path, className }: { path: string; className: string }) {
  return (
    <svg className={className} aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="currentColor">
      <path d={path} />
    </svg>
  );
}

/**
 * The right-side drawer of small screens: a Shop item first, then the header's menu (without its
 * own Shop link, which the drawer already leads with). A native popover: the menu button opens it
 * and its close button, Escape or a tap outside close it, all without a script, from the first paint.
 */
function Drawer() {
  const { header, product, dialogs } = fillSiteTexts(site);
  // Once the header has hydrated, its links navigate inside the app: the drawer closes as the page changes.
  const close = () => (document.getElementById(DRAWER_ID) as HTMLElement | null)?.hidePopover();
  return (
    <div id={DRAWER_ID} popover="auto" className="site-drawer" role="dialog" aria-label={header.menuLabel}>
      <div className="site-drawer__header">
        <span className="site-drawer__title">{product.name}</span>
        <button
          type="button"
          className="site-drawer__close"
          popoverTarget={DRAWER_ID}
          popoverTargetAction="hide"
          aria-label={dialogs?.close ?? 'Close'}
        >
          <Icon path={CLOSE_ICON} className="site-drawer__close-icon" />
        </button>
      </div>
      <nav aria-label="Drawer">
        <ul className="site-drawer__list">
          <li>
            <SmartLink href={header.drawerShop.href} className="site-drawer__shop" onClick={close}>
              {header.drawerShop.label}
            </SmartLink>
          </li>
          {header.menu
            .filter((link) => link.href !== header.drawerShop.href)
            .map((link) => (
              <li key={link.href}>
                <SmartLink href={link.href} onClick={close}>
                  {link.label}
                </SmartLink>
              </li>
            ))}
        </ul>
      </nav>
    </div>
  );
}

/**
 * The fixed site header: logo to the main company site, the menu, and on xs/sm a right-side drawer.
 * Its HTML is final: it is never hydrated (the shell renders it in a StaticPart), its links are
 * links and its drawer a native popover.
 */
export function Header({ drawer }: { drawer: boolean }) {
  const { header, product, companySite } = fillSiteTexts(site);

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <a className="site-header__logo" href={companySite.home} aria-label={`${product.name} home`}>
          <img src={companySite.logo ?? '/logo.svg'} alt="" width={36} height={36} />
          <span>{product.name}</span>
        </a>
        <nav className="site-header__menu" aria-label="Main">
          <ul>
            {header.menu.map((link) => (
              <li key={link.href}>
                <SmartLink href={link.href}>{link.label}</SmartLink>
              </li>
            ))}
          </ul>
        </nav>
        {drawer && (
          // A plain button: Fluent's Button would put its code and tokens on every page for this one control.
          <button type="button" className="site-header__drawer-button" aria-label={header.menuLabel} popoverTarget={DRAWER_ID}>
            <Icon path={MENU_ICON} className="site-header__drawer-icon" />
          </button>
        )}
      </div>
      {drawer && <Drawer />}
    </header>
  );
}
