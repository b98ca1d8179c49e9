import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Redirect } from '../../lib/Redirect';
import { SmartLink } from '../../lib/SmartLink';
import { peekStashedCart, restoreStashedCart, takeStashedCart } from '../../shop/payment-stash';
import type { BlockHooks, BlockRenderProps } from '../types';

/** What the engine needs beside the component (BlockHooks, src/blocks/types.ts). */
export const block: BlockHooks<'paymentResult'> = {
  // The provider's answer is in the address (the server's HTML cache keys the page on it).
  searchParams: ['status'],
  redirect: (props, search) => (knownStatus(search.get('status')) ? undefined : props.shopLink.href),
};

/** The statuses the payment provider returns with: anything else means nothing happened here. */
function knownStatus(status: string | null): status is 'paid' | 'cancelled' {
  return status === 'paid' || status === 'cancelled';
}

/**
 * The page the payment provider returns to: paid (keys are on their way by e-mail) or cancelled
 * (cart restored). Without a status the provider gives, nothing happened here: on to the shop.
 */
export default function PaymentResultBlock({ props }: BlockRenderProps<'paymentResult'>) {
  const [search] = useSearchParams();
  const status = search.get('status');
  const known = knownStatus(status);
  const paid = status === 'paid';
  // After a cancel the visitor goes back to the shop the cart came from (promo, merchant, reseller).
  const [returnPath] = useState(() => (paid ? undefined : peekStashedCart()?.shopPath));

  useEffect(() => {
    if (!known) return;
    if (paid) takeStashedCart();
    else restoreStashedCart();
  }, [known, paid]);

  const away = block.redirect?.(props, search);
  if (away !== undefined) return <Redirect to={away} />;

  return (
    <section className="message-block" aria-live="polite">
      <h1 className="message-block__title">{paid ? props.paidTitle : props.cancelledTitle}</h1>
      <p className="message-block__text">{paid ? props.paidText : props.cancelledText}</p>
      <p className="payment-result__links">
        {paid && props.assignmentLink && (
          <SmartLink href={props.assignmentLink.href} className="button-link button-link--primary">
            {props.assignmentLink.label}
          </SmartLink>
        )}{' '}
        <SmartLink href={returnPath?.startsWith('/') ? returnPath : props.shopLink.href} className="button-link">
          {props.shopLink.label}
        </SmartLink>
      </p>
    </section>
  );
}
