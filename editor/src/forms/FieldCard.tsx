import { Badge, Button, mergeClasses } from '@fluentui/react-components';
import {
  ArrowDown20Regular,
  ArrowUp20Regular,
  ChevronDown20Regular,
  ChevronRight20Regular,
  Delete20Regular,
  ReOrderDotsVertical20Regular,
} from '@fluentui/react-icons';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { FIELD_KIND_LABELS } from './field-kinds';
import { fieldElementId, type FieldCardProps } from './field-props';
import { useFieldStyles } from './field-styles';
import { FieldSettings } from './FieldSettings';
import { fieldLabel } from './form-read';
import { ProblemList } from './ProblemList';

/** One field of the form: its header (drag handle, label, kind, move and remove buttons) and, expanded, its settings. */
export function FieldCard(props: FieldCardProps) {
  const { field, index, count, expanded, idBase, onToggle, onMove, onRemove, problems } = props;
  const styles = useFieldStyles();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: field.name });
  const label = fieldLabel(field);
  const bodyId = fieldElementId(idBase, 'body', field.name);
  const problemsId = fieldElementId(idBase, 'problems', field.name);
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={mergeClasses(styles.card, problems.length > 0 && styles.invalid, isDragging && styles.dragging)}
    >
      <div className={styles.header}>
        <Button
          ref={setActivatorNodeRef}
          appearance="subtle"
          icon={<ReOrderDotsVertical20Regular />}
          aria-label={`Drag to reorder ${label}`}
          {...attributes}
          {...listeners}
        />
        <h4 className={styles.heading}>
          <Button
            id={fieldElementId(idBase, 'toggle', field.name)}
            className={styles.toggle}
            appearance="transparent"
            icon={expanded ? <ChevronDown20Regular /> : <ChevronRight20Regular />}
            aria-expanded={expanded}
            aria-controls={bodyId}
            aria-describedby={problems.length > 0 ? problemsId : undefined}
            onClick={onToggle}
          >
            {label}
          </Button>
        </h4>
        <Badge appearance="tint" color="informative">
          {field.kind === 'other' ? 'Other' : FIELD_KIND_LABELS[field.kind]}
        </Badge>
        {field.required && (
          <Badge appearance="tint" color="brand">
            Required
          </Badge>
        )}
        {problems.length > 0 && (
          <Badge appearance="filled" color="danger" aria-label={`${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}`}>
            {problems.length}
          </Badge>
        )}
        <Button
          id={fieldElementId(idBase, 'up', field.name)}
          appearance="subtle"
          icon={<ArrowUp20Regular />}
          aria-label={`Move ${label} up`}
          disabledFocusable={index === 0}
          onClick={() => onMove(-1)}
        />
        <Button
          id={fieldElementId(idBase, 'down', field.name)}
          appearance="subtle"
          icon={<ArrowDown20Regular />}
          aria-label={`Move ${label} down`}
          disabledFocusable={index === count - 1}
          onClick={() => onMove(1)}
        />
        <Button appearance="subtle" icon={<Delete20Regular />} aria-label={`Remove ${label}`} onClick={onRemove} />
      </div>
      {problems.length > 0 && !expanded && (
        <div className={styles.body}>
          <ProblemList problems={problems} label={`Problems of ${label}`} id={problemsId} />
        </div>
      )}
      {expanded && (
        <div id={bodyId} className={styles.body} role="group" aria-label={`Settings of ${label}`}>
          <ProblemList problems={problems} label={`Problems of ${label}`} id={problemsId} />
          <FieldSettings {...props} />
        </div>
      )}
    </li>
  );
}
