import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  mergeClasses,
  tokens,
  Toolbar,
  ToolbarButton,
} from '@fluentui/react-components';
import { memo, useState, type FormEvent } from 'react';
import { useConfirm } from '../core/confirm';
import { duplicatePage, pageFieldErrors, pageTitle, type PageFields } from '../core/model';
import { useStore } from '../core/use-store';
import type { Diagnostic, PagesConfigValue, PageValue } from '../core/types';
import { PAGES_FILE } from '../core/types';
import { useListStyles } from '../core/list-styles';

interface PageListProps {
  config: PagesConfigValue;
  selected: number;
  problems: readonly Diagnostic[];
}

/** The list shows names and paths: an edit of a section does not render it again. */
function samePages(before: PageListProps, after: PageListProps): boolean {
  return (
    before.selected === after.selected &&
    before.problems === after.problems &&
    before.config.pages.length === after.config.pages.length &&
    before.config.pages.every((page, i) => page.name === after.config.pages[i].name && page.path === after.config.pages[i].path)
  );
}

/** The pages of the site (name and path): select one, add, duplicate, remove. */
export const PageList = memo(function PageList({ config, selected, problems }: PageListProps) {
  const styles = useListStyles();
  const store = useStore();
  const confirm = useConfirm();
  const [adding, setAdding] = useState(false);
  const page = config.pages[selected];

  const pageProblems = (index: number) =>
    problems.filter(
      (problem) => problem.file === PAGES_FILE && (problem.pointer === `/pages/${index}` || problem.pointer.startsWith(`/pages/${index}/`)),
    ).length;

  const duplicate = () => {
    if (!page) return;
    const copy = duplicatePage(page, config.pages);
    store.changePages(`Duplicate page ${pageTitle(page)}`, (draft) => void draft.pages.splice(selected + 1, 0, copy), {
      select: { page: selected + 1, section: null },
    });
  };

  const remove = async () => {
    if (!page) return;
    if (config.pages.length <= 1) return;
    const ok = await confirm({
      title: `Remove the page ${pageTitle(page)}?`,
      message: `The page ${pageTitle(page)} (${page.path}) and its ${page.sections?.length ?? 0} sections are removed from the site when you save. Undo brings it back.`,
      confirmLabel: 'Remove page',
    });
    if (!ok) return;
    store.changePages(`Remove page ${pageTitle(page)}`, (draft) => void draft.pages.splice(selected, 1), {
      select: { page: Math.max(0, Math.min(selected, config.pages.length - 2)), section: null },
    });
  };

  return (
    <>
      <h2 className={styles.heading} id="pages-heading">
        Pages
      </h2>
      <Toolbar size="small" aria-label="Page actions" className={styles.toolbar}>
        <ToolbarButton onClick={() => setAdding(true)}>Add page</ToolbarButton>
        <ToolbarButton onClick={duplicate} disabled={!page}>
          Duplicate
        </ToolbarButton>
        <ToolbarButton onClick={() => void remove()} disabled={!page || config.pages.length <= 1}>
          Remove
        </ToolbarButton>
      </Toolbar>
      <ul className={styles.list} aria-labelledby="pages-heading">
        {config.pages.map((item, index) => {
          const count = pageProblems(index);
          return (
            <li key={index}>
              <button
                type="button"
                className={mergeClasses(styles.item, index === selected && styles.current)}
                aria-current={index === selected ? 'true' : undefined}
                onClick={() => store.select({ page: index, section: null })}
              >
                <span className={styles.name}>
                  {pageTitle(item)}
                  {count > 0 && (
                    <span className={styles.problem}>
                      ⚠ {count} {count === 1 ? 'problem' : 'problems'}
                    </span>
                  )}
                </span>
                <span className={styles.meta}>{item.path}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {adding && <AddPageDialog config={config} selected={selected} onClose={() => setAdding(false)} />}
    </>
  );
}, samePages);

function AddPageDialog({ config, selected, onClose }: { config: PagesConfigValue; selected: number; onClose: () => void }) {
  const store = useStore();
  const [fields, setFields] = useState<PageFields>({ name: '', path: '/', title: '' });
  const [errors, setErrors] = useState<Partial<PageFields>>({});
  const [tried, setTried] = useState(false);

  const update = (key: keyof PageFields, value: string) => {
    const next = { ...fields, [key]: value };
    setFields(next);
    if (tried) setErrors(pageFieldErrors(config.pages, next));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const found = pageFieldErrors(config.pages, fields);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const page: PageValue = { name: fields.name, path: fields.path, ...(fields.title ? { title: fields.title } : {}), sections: [] };
    store.changePages(`Add page ${pageTitle(page)}`, (draft) => void draft.pages.splice(selected + 1, 0, page), {
      select: { page: selected + 1, section: null },
    });
    onClose();
  };

  return (
    <Dialog open onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface>
        <form onSubmit={submit} noValidate>
          <DialogBody>
            <DialogTitle>Add a page</DialogTitle>
            <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM }}>
              <Field
                label="Name"
                required
                hint="How the site knows the page: a capital letter, then letters and digits (such as ShopFaq)."
                validationMessage={errors.name}
                validationState={errors.name ? 'error' : 'none'}
              >
                <Input value={fields.name} onChange={(_, data) => update('name', data.value)} />
              </Field>
              <Field
                label="Path"
                required
                hint="The page's address, starting with '/'. A part written as ':name' is filled from the address; {short} is the product's short name."
                validationMessage={errors.path}
                validationState={errors.path ? 'error' : 'none'}
              >
                <Input value={fields.path} onChange={(_, data) => update('path', data.value)} />
              </Field>
              <Field label="Title" hint="Shown in the browser's tab; {product} and {short} are the product's names.">
                <Input value={fields.title} onChange={(_, data) => update('title', data.value)} />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button type="submit" appearance="primary">
                Add page
              </Button>
              <Button onClick={onClose}>Cancel</Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
