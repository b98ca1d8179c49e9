/** What the form runner shares with its widgets through rjsf's formContext. */
export interface FormContext {
  /** Files chosen in file widgets, by field name (rjsf keeps only their names in the form data). */
  files: Map<string, File>;
}
