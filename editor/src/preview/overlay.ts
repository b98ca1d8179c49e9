/**
 * The preview's section outlines: every section slot of the page (the engine's `[data-section]`
 * elements, engine/PageRenderer.tsx) is marked with data-editor-index; the section under the pointer
 * and the selected one are outlined by boxes drawn over the page (the slots are `display: contents`,
 * so the boxes are the union of what they hold); a click in a section tells the editor.
 */

export interface OverlayOptions {
  /** The index of each slot's key ('<page>/<id or index-type>'). */
  indexOf: (key: string) => number | undefined;
  /** A short label of the section (its type), shown on the selected box. */
  labelOf: (index: number) => string;
  onSelect: (index: number) => void;
}

interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

/** The box of an element, through `display: contents` wrappers (the union of their children's). */
function boxOf(element: Element): Box | null {
  if (getComputedStyle(element).display !== 'contents') {
    const rect = element.getBoundingClientRect();
    return rect.width === 0 && rect.height === 0 ? null : { top: rect.top, left: rect.left, width: rect.width, height: rect.height };
  }
  let union: { top: number; left: number; right: number; bottom: number } | null = null;
  for (const child of element.children) {
    const box = boxOf(child);
    if (!box) continue;
    const right = box.left + box.width;
    const bottom = box.top + box.height;
    union = union
      ? {
          top: Math.min(union.top, box.top),
          left: Math.min(union.left, box.left),
          right: Math.max(union.right, right),
          bottom: Math.max(union.bottom, bottom),
        }
      : { top: box.top, left: box.left, right, bottom };
  }
  return union && { top: union.top, left: union.left, width: union.right - union.left, height: union.bottom - union.top };
}

function makeBox(kind: 'hover' | 'selected'): HTMLDivElement {
  const box = document.createElement('div');
  box.className = `editor-outline editor-outline--${kind}`;
  box.setAttribute('aria-hidden', 'true');
  box.hidden = true;
  document.body.append(box);
  return box;
}

export class SectionOverlay {
  private hover: number | null = null;
  private selected: number | null = null;
  private readonly hoverBox = makeBox('hover');
  private readonly selectedBox = makeBox('selected');
  private frame = 0;
  private readonly observer: MutationObserver;

  constructor(private readonly options: OverlayOptions) {
    // The page changing (a section loaded, a dialog opened) moves the boxes; the boxes' own moves do not.
    this.observer = new MutationObserver((records) => {
      if (records.some((record) => record.target !== this.hoverBox && record.target !== this.selectedBox)) this.schedule();
    });
    this.observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['class', 'style', 'hidden'],
    });
    document.addEventListener('mouseover', this.onOver);
    document.addEventListener('mouseleave', this.onLeave);
    document.addEventListener('click', this.onClick, true);
    window.addEventListener('scroll', this.schedule, { passive: true });
    window.addEventListener('resize', this.onResize);
  }

  /** The slot element of a target, and its section index. */
  private slotAt(target: EventTarget | null): { slot: Element; index: number } | null {
    const slot = target instanceof Element ? target.closest('[data-editor-index]') : null;
    const index = slot ? Number(slot.getAttribute('data-editor-index')) : NaN;
    return slot && Number.isInteger(index) ? { slot, index } : null;
  }

  private onOver = (event: MouseEvent) => {
    const index = this.slotAt(event.target)?.index ?? null;
    if (index !== this.hover) {
      this.hover = index;
      this.schedule();
    }
  };

  /** Another width: the page flows anew, and the selected section is brought back into view. */
  private onResize = () => {
    this.schedule();
    clearTimeout(this.resizeTimer);
    this.resizeTimer = setTimeout(() => this.select(this.selected, true), 300);
  };

  private resizeTimer: ReturnType<typeof setTimeout> | undefined;

  private onLeave = () => {
    this.hover = null;
    this.schedule();
  };

  private onClick = (event: MouseEvent) => {
    // A preview stays on its page: links do not navigate (in-app links nor external ones).
    if (event.target instanceof Element && event.target.closest('a[href]')) event.preventDefault();
    const hit = this.slotAt(event.target);
    if (hit) this.options.onSelect(hit.index);
  };

  select(index: number | null, scroll: boolean): void {
    this.selected = index;
    this.mark();
    this.draw();
    if (scroll && index !== null) {
      const slot = document.querySelector(`[data-editor-index="${index}"]`);
      const box = slot && boxOf(slot);
      // The site's header is sticky: the section goes below it.
      const header = document.querySelector('.site-header')?.getBoundingClientRect().height ?? 0;
      if (box && (box.top < header || box.top + Math.min(box.height, 200) > window.innerHeight)) {
        window.scrollTo({ top: Math.max(0, box.top + window.scrollY - header - 16), behavior: 'smooth' });
      }
    }
  }

  schedule = () => {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.mark();
      this.draw();
    });
  };

  /** Marks each section slot with its index in the page's sections. */
  private mark(): void {
    for (const slot of document.querySelectorAll('[data-section]')) {
      const index = this.options.indexOf(slot.getAttribute('data-section') ?? '');
      const value = index === undefined ? null : String(index);
      if (value === null) {
        if (slot.hasAttribute('data-editor-index')) slot.removeAttribute('data-editor-index');
      } else if (slot.getAttribute('data-editor-index') !== value) slot.setAttribute('data-editor-index', value);
    }
  }

  private place(element: HTMLDivElement, index: number | null, label?: string): void {
    const slot = index === null ? null : document.querySelector(`[data-editor-index="${index}"]`);
    const box = slot && boxOf(slot);
    if (!box) {
      element.hidden = true;
      return;
    }
    element.hidden = false;
    element.style.top = `${box.top + window.scrollY}px`;
    element.style.left = `${box.left + window.scrollX}px`;
    element.style.width = `${box.width}px`;
    element.style.height = `${Math.max(box.height, 4)}px`;
    if (label !== undefined && element.dataset.label !== label) element.dataset.label = label;
  }

  private draw(): void {
    this.place(this.selectedBox, this.selected, this.selected === null ? undefined : this.options.labelOf(this.selected));
    this.place(this.hoverBox, this.hover === this.selected ? null : this.hover);
  }
}
