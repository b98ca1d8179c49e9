import { SmartLink } from '../../lib/SmartLink';
import type { BlockRenderProps } from '../types';

/** A short message with an optional call to action (Not found, Login placeholder, ...). */
export default function MessageBlock({ props }: BlockRenderProps<'message'>) {
  const Heading = props.level === 2 ? 'h2' : 'h1';
  return (
    <section className="message-block">
      <Heading className="message-block__title">{props.title}</Heading>
      {props.text && <p className="message-block__text">{props.text}</p>}
      {props.action && (
        <SmartLink href={props.action.href} className="button-link button-link--primary">
          {props.action.label}
        </SmartLink>
      )}
    </section>
  );
}
