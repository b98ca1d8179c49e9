import { useState } from 'react';
import {
  Button,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  OverlayDrawer,
} from '@fluentui/react-components';
import { Dismiss24Regular, Navigation24Regular } from '@fluentui/react-icons';
import { usePageChrome } from '../lib/pageChrome';
import { fill, site } from '../lib/site';
import { SmartLink } from '../lib/SmartLink';

/** The fixed site header: logo to the main company site, the menu, and on xs/sm a right-side drawer. */
export function Header({ drawer }: { drawer: boolean }) {
  const chrome = usePageChrome();
  const [open, setOpen] = useState(false);
  const { header, product, companySite } = site;
  const close = () => setOpen(false);

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
          <Button
            className="site-header__drawer-button"
            appearance="transparent"
            icon={<Navigation24Regular />}
            aria-label={fill(header.menuLabel)}
            aria-expanded={open}
            onClick={() => setOpen(true)}
          />
        )}
      </div>
      {drawer && (
        <OverlayDrawer position="end" open={open} onOpenChange={(_, data) => setOpen(data.open)} aria-label={fill(header.menuLabel)}>
          <DrawerHeader>
            <DrawerHeaderTitle
              action={<Button appearance="subtle" aria-label="Close" icon={<Dismiss24Regular />} onClick={close} />}
            >
              {product.name}
            </DrawerHeaderTitle>
          </DrawerHeader>
          <DrawerBody>
            <nav aria-label="Drawer">
              <ul className="site-drawer__list">
                <li>
                  <SmartLink href={header.drawerShop.href} onClick={close} className="site-drawer__shop">
                    {fill(header.drawerShop.label)}
                  </SmartLink>
                </li>
                {header.menu.map((link) => (
                  <li key={link.href}>
                    <SmartLink href={link.href} onClick={close}>
                      {fill(link.label)}
                    </SmartLink>
                  </li>
                ))}
              </ul>
            </nav>
          </DrawerBody>
        </OverlayDrawer>
      )}
    </header>
  );
}
