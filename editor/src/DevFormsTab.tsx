import { useMemo } from 'react';
import { HostContext, useEditorHost } from './core/host';
import { previewValidator } from './forms/preview-validator';
import { FormsTab } from './FormsTab';

/**
 * The Forms tab as `npm run edit` runs it: its host compiles the form preview's schema in the
 * browser (Ajv with the forms' keywords and messages). The studio's Forms screen gives the tab a
 * host that checks on the server instead; this module never reaches the studio.
 */
export function DevFormsTab() {
  const host = useEditorHost();
  const withCompiler = useMemo(() => ({ ...host, formValidator: previewValidator }), [host]);
  return (
    <HostContext.Provider value={withCompiler}>
      <FormsTab />
    </HostContext.Provider>
  );
}
