import { makeStyles, tokens } from '@fluentui/react-components';

/** The look of the editor's navigation lists (pages, sections, form files): heading, toolbar, items. */
export const useListStyles = makeStyles({
  heading: {
    margin: 0,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM} 0`,
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
  },
  toolbar: { flexWrap: 'wrap', padding: `0 ${tokens.spacingHorizontalXS}` },
  list: { listStyle: 'none', margin: 0, padding: `0 0 ${tokens.spacingVerticalS}`, overflowY: 'auto', flex: '1 1 auto', minHeight: 0 },
  item: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: '2px',
    width: '100%',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    border: 'none',
    borderLeft: '3px solid transparent',
    background: 'none',
    textAlign: 'left',
    cursor: 'pointer',
    color: tokens.colorNeutralForeground1,
    font: 'inherit',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  current: {
    backgroundColor: tokens.colorBrandBackground2,
    borderLeftColor: tokens.colorBrandStroke1,
    ':hover': { backgroundColor: tokens.colorBrandBackground2Hover },
  },
  name: { fontWeight: tokens.fontWeightSemibold, display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  meta: {
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground3,
    wordBreak: 'break-all',
  },
  problem: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200, fontWeight: tokens.fontWeightRegular },
});
