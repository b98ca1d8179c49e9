import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { isInternal } from './site';

interface Props {
  href: string;
  children: ReactNode;
  className?: string;
  onClick?: () => void;
  'aria-label'?: string;
}

/**
 * An in-app link when `href` starts with '/', an in-page anchor when it starts with '#',
 * otherwise an external link opening in a new tab.
 */
export function SmartLink({ href, children, ...rest }: Props) {
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
