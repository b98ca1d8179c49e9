import { MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { plainMessage } from '../core/messages';
import type { Diagnostic } from './types';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, margin: 0, padding: 0, listStyleType: 'none' },
  pointer: { fontFamily: tokens.fontFamilyMonospace, color: tokens.colorNeutralForeground3, marginLeft: tokens.spacingHorizontalS },
});

/** The gate's problems (npm run validate) of one place of the form file in the editor's words, each with where it points. */
export function ProblemList({ problems, label, id }: { problems: readonly (Diagnostic | string)[]; label: string; id?: string }) {
  const styles = useStyles();
  if (problems.length === 0) return null;
  return (
    <ul className={styles.list} aria-label={label} id={id}>
      {problems.map((problem, i) => (
        <li key={i}>
          <MessageBar intent="error">
            <MessageBarBody>
              {typeof problem === 'string' ? problem : plainMessage(problem) || problem.message}
              {typeof problem !== 'string' && problem.pointer !== '' && <span className={styles.pointer}>{problem.pointer}</span>}
            </MessageBarBody>
          </MessageBar>
        </li>
      ))}
    </ul>
  );
}
