import type { ReactNode } from 'react';
import { findProvider } from '../api/shop';
import { FormRunner, type FormRunnerProps } from '../forms/FormRunner';
import type { LoadedForm } from '../forms/useFormDefinition';

interface Props extends Pick<FormRunnerProps, 'send' | 'uiSchemaOverrides' | 'extraValidate'> {
  /** The billing form, once its definition and validator chunks are loaded. */
  loaded: LoadedForm | null;
  className: string;
  /** Shown (as a status) while the buyer is handed over to the payment provider. */
  redirectingText?: string;
  /** Under the fields: the terms link or dialog of the shop. */
  children?: ReactNode;
}

/**
 * A checkout's billing form card: a placeholder until the form is loaded, the form with its flow
 * (the success dialog only when the server's reply names no payment provider), and the
 * hand-over status.
 */
export function BillingFormCard({ loaded, className, redirectingText, children, ...runner }: Props) {
  return (
    <div className={`${className} form-card`}>
      {loaded ? (
        <FormRunner form={loaded.form} validator={loaded.validator} showSuccessFor={(reply) => findProvider(reply) === null} {...runner}>
          {children}
        </FormRunner>
      ) : (
        <div className="block-skeleton__shape" style={{ height: 640 }} aria-busy="true" aria-label="Loading" />
      )}
      {redirectingText && (
        <p role="status" className="billing-redirecting">
          {redirectingText}
        </p>
      )}
    </div>
  );
}
