import { Button, DrawerBody, DrawerHeader, DrawerHeaderTitle, OverlayDrawer } from '@fluentui/react-components';
import { Dismiss24Regular } from '@fluentui/react-icons';
import { fill, site } from '../lib/site';
import { SmartLink } from '../lib/SmartLink';
import { FluentScope } from '../lib/FluentScope';

/**
 * The right-side drawer of small screens: a Shop item first, then the header's menu (without its
 * own Shop link, which the drawer already leads with).
 */
export default function SiteDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { header, product } = site;
  const close = () => onOpenChange(false);
  return (
    <FluentScope>
      <OverlayDrawer position="end" open={open} onOpenChange={(_, data) => onOpenChange(data.open)} aria-label={fill(header.menuLabel)}>
        <DrawerHeader>
          <DrawerHeaderTitle action={<Button appearance="subtle" aria-label="Close" icon={<Dismiss24Regular />} onClick={close} />}>
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
              {header.menu
                .filter((link) => link.href !== header.drawerShop.href)
                .map((link) => (
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
    </FluentScope>
  );
}
