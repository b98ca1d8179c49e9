import type { ReactNode } from 'react';
import { Spinner } from '@fluentui/react-components';
import { findProvider } from '../api/shop';
import { FormRunner, type FormRunnerProps } from '../forms/FormRunner';
import type { LoadedForm } from '../forms/use-form-definition';
import type { HandOverStatus } from './use-payment-hand-over';

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

/**
 * A checkout's billing form card: a placeholder until the form is loaded, the form with its flow
 * (the success dialog only when the server's reply names no payment provider), and the hand-over:
 * while the buyer is on the way to the provider the form is disabled and says so; a failed
 * hand-over says so as an alert, with the form (and what was typed) ready for another try.
 */
export function BillingFormCard({ loaded, className, handOver, redirectingText, failedText, children, ...runner }: Props) {
  return (
    <div className={`${className} form-card`} aria-busy={handOver === 'redirecting' || undefined}>
      {loaded ? (
        <FormRunner
          form={loaded.form}
          validator={loaded.validator}
          showSuccessFor={(reply) => findProvider(reply) === null}
          disabled={handOver === 'redirecting'}
          {...runner}
        >
          {children}
        </FormRunner>
      ) : (
        <div className="block-skeleton__shape" style={{ height: 640 }} aria-busy="true" aria-label="Loading" />
      )}
      <p role="status" className="billing-redirecting">
        {handOver === 'redirecting' && (
          <>
            <Spinner size="tiny" aria-hidden="true" className="billing-redirecting__spinner" />
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
