import { fill } from '../lib/site';
import './checkoutParts.css';

/**
 * The parts the checkouts share (standard, promo, merchant and reseller): the two-column layout
 * classes (`checkout__grid`, `checkout__form`, `checkout__aside`, `checkout-summary`) in
 * checkoutParts.css, a row of the order summary and the payment partners card.
 */

/** One line of the order summary (`<dl>`); `strong` for the total. */
export function SummaryRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? 'checkout-row checkout-row--strong' : 'checkout-row'}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The 'Online Payment partners' card; nothing without a title. */
export function PaymentPartners({ title, text, partners = [] }: { title?: string; text?: string; partners?: readonly string[] }) {
  if (!title) return null;
  return (
    <div className="form-card checkout-partners">
      <h2>{fill(title)}</h2>
      {text && <p>{fill(text)}</p>}
      <ul>
        {partners.map((partner) => (
          <li key={partner}>{partner}</li>
        ))}
      </ul>
    </div>
  );
}
