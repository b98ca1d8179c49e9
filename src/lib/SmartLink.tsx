import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { hrefKind } from './href';
import { logWarning } from './log';
import { fillSiteText } from './site';

interface Props {
  href: string;
  children: ReactNode;
  className?: string;
  onClick?: () => void;
  'aria-label'?: string;
}

/** Refused hrefs already reported (a link re-renders often; one warning each is enough). */
const reported = new Set<string>();

/**
 * A link from the config or the content service, by `hrefKind`: an in-app link for a site path, an
 * in-page anchor for '#…', a mailto:/tel: link, or an external link opening in a new tab for http(s).
 * Any other href (javascript:, data:, '//host', …) renders its text without a link, and is logged.
 * `{product}`, `{short}` and `{year}` in an editor's href are filled (`/terms-and-conditions/{short}`).
 */
export function SmartLink({ href: template, children, ...rest }: Props) {
  const href = fillSiteText(template);
  const kind = hrefKind(href);
  if (kind === 'path') {
    return (
      <RouterLink to={href} {...rest}>
        {children}
      </RouterLink>
    );
  }
  if (kind === 'fragment' || kind === 'contact') {
    return (
      <a href={href} {...rest}>
        {children}
      </a>
    );
  }
  if (kind === 'web') {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
      </a>
    );
  }
  if (!reported.has(href)) {
    reported.add(href);
    logWarning('link', `refused the href ${JSON.stringify(href)}: only http(s), mailto:, tel:, '/path' and '#anchor' become links`);
  }
  return <span className={rest.className}>{children}</span>;
}
