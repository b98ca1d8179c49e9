import { Spinner } from '@fluentui/react-components';
import { findProvider } from '../api/shop';
import { FormRunner, type FormRunnerProps } from '../forms/FormRunner';

/**
 * The billing form card's Fluent UI and rjsf parts, a chunk of their own (BillingFormCard loads it
 * lazily): the checkout's summary shows as soon as its own small chunk is in, and the form joins it
 * when this one is.
 */

/** The form with its flow; the success dialog only when the server's reply names no payment provider. */
export default function BillingForm(props: FormRunnerProps) {
  return <FormRunner showSuccessFor={(reply) => findProvider(reply) === null} {...props} />;
}

/** The spinner beside 'Taking you to our payment partner…'. */
export function RedirectSpinner() {
  return <Spinner size="tiny" aria-hidden="true" className="billing-redirecting__spinner" />;
}
