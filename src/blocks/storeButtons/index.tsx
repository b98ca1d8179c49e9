import { useId } from 'react';
import { fillSiteTexts, site } from '../../lib/site';
import type { BlockRenderProps } from '../types';
import './styles.css';

function AppleIcon() {
  return (
    <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M16.4 12.7c0-2.3 1.9-3.4 2-3.5-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.1-2.8.9-3.5.9-.7 0-1.8-.9-3-.8-1.5 0-3 .9-3.8 2.3-1.6 2.8-.4 7 1.2 9.3.8 1.1 1.7 2.4 2.9 2.3 1.2 0 1.6-.7 3-.7s1.8.7 3 .7c1.3 0 2.1-1.1 2.8-2.3.9-1.3 1.3-2.6 1.3-2.6s-2.5-1-2.5-3.8zM14.1 5.9c.6-.8 1.1-1.8 1-2.9-.9 0-2.1.6-2.7 1.4-.6.7-1.1 1.8-1 2.8 1 .1 2.1-.5 2.7-1.3z"
      />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
      <path fill="#40ecb8" d="M4 2.5v19l10-9.5z" />
      <path fill="#8ec5ff" d="M4 2.5l13.5 7.3-3.5 2.7z" />
      <path fill="#ffb020" d="M17.5 9.8l3.4 1.9c.6.4.6.9 0 1.3l-3.4 1.9-3.5-2.4z" />
      <path fill="#ff6b6b" d="M4 21.5l10-9 3.5 2.4z" />
    </svg>
  );
}

/** Download buttons for the iOS and Android apps, from the site settings' stores (labels and links). */
export default function StoreButtonsBlock({ props }: BlockRenderProps<'storeButtons'>) {
  const headingId = useId();
  const { ios, android } = fillSiteTexts(site).stores;
  return (
    <section className="content-section store-buttons" aria-labelledby={props.title ? headingId : undefined}>
      {props.title && (
        <h2 id={headingId} className="section-title store-buttons__title">
          {props.title}
        </h2>
      )}
      {props.text && <p className="store-buttons__text">{props.text}</p>}
      <ul className="store-buttons__list">
        <li>
          <a className="store-button" href={ios.href} target="_blank" rel="noopener noreferrer" data-store="ios">
            <AppleIcon />
            <span>{ios.label}</span>
          </a>
        </li>
        <li>
          <a className="store-button" href={android.href} target="_blank" rel="noopener noreferrer" data-store="android">
            <PlayIcon />
            <span>{android.label}</span>
          </a>
        </li>
      </ul>
    </section>
  );
}
