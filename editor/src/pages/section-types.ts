import { plainMessages } from '../core/messages';
import { relativePointer } from '../core/model';
import type { Diagnostic, SectionValue } from '../core/types';

/** A section's keys but its props. */
export type SectionKeys = Pick<SectionValue, 'type' | 'preset' | 'id' | 'source' | 'query' | 'pick' | 'bind'>;

/** The changes the section's own fields make (stable callbacks: the fields do not render again with the props). */
export interface FieldActions {
  setKey: (key: 'id' | 'source' | 'pick', value: string | undefined) => void;
  setQuery: (key: string, value: string | undefined) => void;
  setBind: (key: string, value: string | undefined) => void;
  detach: () => void;
}

/** The problems at one key of the section ('id', 'bind/minimum'), in plain words, as one message; undefined when none. */
export function sectionErrorAt(problems: readonly Diagnostic[], prefix: string): (key: string) => string | undefined {
  return (key) => plainMessages(problems.filter((problem) => relativePointer(problem, prefix) === key)).join(' ') || undefined;
}
