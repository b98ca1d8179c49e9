import { makeStyles, tokens } from '@fluentui/react-components';

/** The look of a section's own fields (the anchor, the content binding and its advanced settings). */
export const useSectionStyles = makeStyles({
  titleRow: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  group: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    margin: 0,
  },
  legend: { fontWeight: tokens.fontWeightSemibold, padding: `0 ${tokens.spacingHorizontalXS}` },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end' },
  grow: { flex: '1 1 0', minWidth: 0 },
  pairs: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  fromPreset: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  disclosure: { alignSelf: 'flex-start' },
});
