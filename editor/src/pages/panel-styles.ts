import { makeStyles, tokens } from '@fluentui/react-components';

/** The look of the properties column (a page's settings, a section's fields): heading, sub-heading, field stack. */
export const usePanelStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  sub: { margin: 0, color: tokens.colorNeutralForeground2 },
  code: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  fields: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});
