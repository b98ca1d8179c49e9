import { makeStyles, shorthands, tokens } from '@fluentui/react-components';

/** The look of a field's card: its header, its settings, their rows, notes and fieldsets. */
export const useFieldStyles = makeStyles({
  card: {
    listStyleType: 'none',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    marginBottom: tokens.spacingVerticalS,
  },
  invalid: { ...shorthands.borderColor(tokens.colorPaletteRedBorder2) },
  dragging: { boxShadow: tokens.shadow16, position: 'relative', zIndex: 1 },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, padding: tokens.spacingHorizontalXS },
  heading: { flexGrow: 1, margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold, minWidth: 0 },
  toggle: { width: '100%', justifyContent: 'flex-start', textAlign: 'left', fontWeight: tokens.fontWeightSemibold },
  body: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM} ${tokens.spacingVerticalM}`,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end', flexWrap: 'wrap' },
  grow: { flexGrow: 1 },
  note: { color: tokens.colorNeutralForeground3 },
  mono: { fontFamily: tokens.fontFamilyMonospace },
  fieldset: { border: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  legend: { fontWeight: tokens.fontWeightSemibold, padding: 0, marginBottom: tokens.spacingVerticalXS },
});
