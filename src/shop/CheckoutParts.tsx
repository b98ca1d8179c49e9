import type { ReactNode } from 'react';
import { BillingFormCard } from './BillingFormCard';
import type { Checkout } from './use-checkout';
import './checkout-parts.css';

/**
 * The parts the checkouts share (standard, promo, merchant and reseller): the page's layout around
 * the pipeline (useCheckout), with the two-column classes (`checkout__grid`, `checkout__form`,
 * `checkout__aside`, `checkout-summary`) in checkoutParts.css, a row of the order summary and the
 * payment partners card.
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
function PaymentPartners({ title, text, partners = [] }: { title?: string; text?: string; partners?: readonly string[] }) {
  if (!title) return null;
  return (
    <div className="form-card checkout-partners">
      <h2>{title}</h2>
      {text && <p>{text}</p>}
      <ul>
        {partners.map((partner) => (
          <li key={partner}>{partner}</li>
        ))}
      </ul>
    </div>
  );
}

/** The texts of the layout (the section's props, their site-wide placeholders filled by the engine). */
interface CheckoutLayoutTexts {
  title: string;
  summaryTitle: string;
  overviewTitle: string;
  partnersTitle?: string;
  partnersText?: string;
  redirecting: string;
  paymentFailed: string;
}

interface CheckoutLayoutProps {
  /** The section's class and its title's id prefix ('checkout', 'reseller-checkout'). */
  name: string;
  /** Extra class of the form card. */
  formClassName?: string;
  checkout: Checkout;
  texts: CheckoutLayoutTexts;
  partners?: readonly string[];
  /** Under the form's fields: the shop's terms link or dialog. */
  terms: ReactNode;
  /** The plan overview's rows (SummaryRow). */
  overview: ReactNode;
  /** In the summary card under the overview (the promo-code field). */
  children?: ReactNode;
}

/**
 * A checkout page: its title, the billing form card (the pipeline's form, rules, send and
 * hand-over), and beside it the summary (plan overview) and the payment partners.
 */
export function CheckoutLayout({ name, formClassName, checkout, texts, partners, terms, overview, children }: CheckoutLayoutProps) {
  return (
    <section className={`content-section ${name}`} aria-labelledby={`${name}-title`}>
      <h1 id={`${name}-title`} className="section-title">
        {texts.title}
      </h1>
      <div className="checkout__grid">
        <BillingFormCard
          loaded={checkout.form}
          className={formClassName ? `checkout__form ${formClassName}` : 'checkout__form'}
          send={checkout.send}
          uiSchemaOverrides={checkout.uiSchema}
          extraValidate={checkout.validate}
          handOver={checkout.handOver}
          redirectingText={texts.redirecting}
          failedText={texts.paymentFailed}
        >
          {terms}
        </BillingFormCard>
        <aside className="checkout__aside" aria-label={texts.summaryTitle}>
          <div className="form-card checkout-summary">
            <h2>{texts.summaryTitle}</h2>
            <h3>{texts.overviewTitle}</h3>
            <dl className="checkout-summary__rows" data-testid="plan-overview">
              {overview}
            </dl>
            {children}
          </div>
          <PaymentPartners title={texts.partnersTitle} text={texts.partnersText} partners={partners} />
        </aside>
      </div>
    </section>
  );
}
