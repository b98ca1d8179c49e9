import { Button } from '@fluentui/react-components';
import { useLoadedForm } from '../../forms/use-form-definition';
import { FluentScope } from '../../lib/FluentScope';
import { fillSiteText } from '../../lib/site';

/** The 'Assign Keys' button (the form's submit label): Fluent UI's, a chunk of its own (rendered as a Part by the block). */
export default function AssignButton({ formName, onPress, disabled }: { formName: string; onPress: () => void; disabled: boolean }) {
  const loaded = useLoadedForm(formName);
  if (!loaded) return null;
  return (
    <FluentScope>
      <Button appearance="primary" size="large" onClick={onPress} disabled={disabled}>
        {fillSiteText(loaded.form.flow.submitLabel)}
      </Button>
    </FluentScope>
  );
}
