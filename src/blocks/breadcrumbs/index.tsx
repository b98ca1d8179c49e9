import { Link } from 'react-router';
import { fillPath } from '../../lib/site';
import type { BlockRenderProps } from '../types';

/**
 * Breadcrumbs: every item links except the last, which is the current page. A relative href ('..')
 * is resolved against the page's path, segment by segment, as a URL is ('/shop/checkout' + '..' is '/shop').
 */
export default function BreadcrumbsBlock({ props, params }: BlockRenderProps<'breadcrumbs'>) {
  const { items } = props;
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        {items.map((item, index) => {
          const last = index === items.length - 1;
          const href = fillPath(item.href, params);
          return (
            <li key={`${index}-${item.href}`}>
              {last ? (
                <span aria-current="page">{item.label}</span>
              ) : (
                <Link to={href} relative="path">
                  {item.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
