import { lazy, Suspense, type ReactNode } from 'react';
import type { FormRunnerProps } from '../forms/FormRunner';
import { lazyCode } from '../lib/lazy-code';
import type { LoadedForm } from '../forms/use-form-definition';
import type { HandOverStatus } from './use-payment-hand-over';

/** The form's Fluent UI and rjsf code: a chunk of its own, fetched with the page but not waited for (see preloadBillingForm). */
const billingForm = lazyCode(() => import('./billing-form.part'));
const BillingForm = billingForm.Component;
const RedirectSpinner = lazy(() => import('./billing-form.part').then((part) => ({ default: part.RedirectSpinner })));

/**
 * Starts loading the billing form's code (Fluent UI, rjsf) without waiting for it: a checkout page
 * shows its summary at once, and its form card's placeholder until the code is in.
 */
export const preloadBillingForm: () => void = billingForm.prefetch;

interface Props extends Pick<FormRunnerProps, 'send' | 'uiSchemaOverrides' | 'extraValidate'> {
  /** The billing form, once its definition and validator chunks are loaded. */
  loaded: LoadedForm | null;
  className: string;
  /** Where the hand-over to the payment provider stands (usePaymentHandOver). */
  handOver: HandOverStatus;
  /** The checkout's texts: shown while the buyer is handed over, and when that failed. */
  redirectingText: string;
  failedText: string;
  /** Under the fields: the terms link or dialog of the shop. */
  children?: ReactNode;
}

const PLACEHOLDER = (
  <div className="block-skeleton__shape" style={{ height: 640 }} role="progressbar" aria-busy="true" aria-label="Loading" />
);

/**
 * A checkout's billing form card: a placeholder until the form and its code are loaded, the form
 * with its flow (billing-form.part.tsx), and the hand-over: while the buyer is on the way to the
 * provider the form is disabled and says so; a failed hand-over says so as an alert, with the form
 * (and what was typed) ready for another try.
 */
export function BillingFormCard({ loaded, className, handOver, redirectingText, failedText, children, ...runner }: Props) {
  return (
    <div className={`${className} form-card`} aria-busy={handOver === 'redirecting' || undefined}>
      {loaded ? (
        <Suspense fallback={PLACEHOLDER}>
          <BillingForm form={loaded.form} validator={loaded.validator} disabled={handOver === 'redirecting'} {...runner}>
            {children}
          </BillingForm>
        </Suspense>
      ) : (
        PLACEHOLDER
      )}
      <p role="status" className="billing-redirecting">
        {handOver === 'redirecting' && (
          <>
            <Suspense fallback={null}>
              <RedirectSpinner />
            </Suspense>
            {redirectingText}
          </>
        )}
      </p>
      {handOver === 'failed' && (
        <p role="alert" className="billing-failed">
          {failedText}
        </p>
      )}
    </div>
  );
}
