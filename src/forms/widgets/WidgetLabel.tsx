import { Label } from '@fluentui/react-components';
import { labelValue, type WidgetProps } from '@rjsf/utils';

/** The label our own widgets put above their control, as the Fluent theme's widgets do. */
export function WidgetLabel({
  id,
  label,
  hideLabel,
  required,
  disabled,
}: Pick<WidgetProps, 'id' | 'label' | 'hideLabel' | 'required' | 'disabled'>) {
  return labelValue(
    <Label htmlFor={id} required={required} disabled={disabled}>
      {label}
    </Label>,
    hideLabel,
  );
}
