import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { fill, isInternal } from './site';

interface Props {
  href: string;
  children: ReactNode;
  className?: string;
  onClick?: () => void;
  'aria-label'?: string;
}

/**
 * An in-app link when `href` starts with '/', an in-page anchor when it starts with '#',
 * otherwise an external link opening in a new tab. `{product}`, `{short}` and `{year}` in an
 * editor's href are filled (`/terms-and-conditions/{short}`).
 */
export function SmartLink({ href: template, children, ...rest }: Props) {
  const href = fill(template);
  if (href.startsWith('#')) {
    return (
      <a href={href} {...rest}>
        {children}
      </a>
    );
  }
  if (isInternal(href)) {
    return (
      <RouterLink to={href} {...rest}>
        {children}
      </RouterLink>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" {...rest}>
      {children}
    </a>
  );
}
