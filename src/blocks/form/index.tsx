import { FormRunner } from '../../forms/FormRunner';
import { preloadForm, useFormDefinition } from '../../forms/use-form-definition';
import type { BlockHooks, BlockRenderProps } from '../types';

/** What the engine needs beside the component (BlockHooks, src/blocks/types.ts). */
export const block: BlockHooks<'form'> = {
  forms: (props) => [props.form],
  // The server renders the form: it must be in before the section hydrates, and a client render waits for it too.
  preload: (props) => preloadForm(props.form),
  // Works only with JavaScript: the engine shows the site's noscript text in its place without it.
  needsScript: true,
};

/** Any form of forms/ with its flow: validate, confirm, send, success. */
export default function FormBlock({ props }: BlockRenderProps<'form'>) {
  const loaded = useFormDefinition(props.form);
  const name = props.form;
  const Heading = props.headingLevel === 1 ? 'h1' : 'h2';
  const card = props.card;
  return (
    <section className="content-section form-block" aria-labelledby={props.title ? `form-${name}-title` : undefined}>
      <div className={card ? 'form-card' : undefined} style={props.width ? { maxWidth: props.width } : undefined}>
        {props.title && (
          <Heading id={`form-${name}-title`} className="form-block__title">
            {props.title}
          </Heading>
        )}
        {props.intro && <p className="form-block__intro">{props.intro}</p>}
        {loaded ? (
          <FormRunner form={loaded.form} validator={loaded.validator} />
        ) : (
          <div className="block-skeleton__shape" style={{ height: 320 }} role="progressbar" aria-busy="true" aria-label="Loading" />
        )}
      </div>
    </section>
  );
}
