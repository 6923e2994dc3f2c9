import { h } from './dom';

/**
 * Form fields keyed by the API's field path (`conditions.countries`, `price.amount`): each has its
 * label, optional hint and an error slot, so a 400's `errors` land next to the field they name.
 */
export class FieldSet {
  private readonly errors = new Map<string, HTMLElement>();
  readonly summary = h('div', { class: 'error-summary', role: 'alert', hidden: true });

  constructor(private readonly prefix: string) {}

  id(path: string): string {
    return `${this.prefix}-${path.replace(/[^a-z0-9]+/gi, '-')}`;
  }

  /** A labelled control with its hint and error slot. */
  field(path: string, label: string, control: HTMLElement, hint?: string): HTMLElement {
    const id = this.id(path);
    control.id = id;
    const error = h('p', { class: 'field-error', id: `${id}-error`, hidden: true });
    this.errors.set(path, error);
    const described = [hint ? `${id}-hint` : '', `${id}-error`].filter(Boolean).join(' ');
    control.setAttribute('aria-describedby', described);
    return h('div', { class: 'field' }, h('label', { for: id }, label), hint ? h('p', { class: 'hint', id: `${id}-hint` }, hint) : null, control, error);
  }

  private readonly controls = new Map<string, HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>();

  input(path: string, label: string, value: unknown, hint?: string, attrs: Record<string, string> = {}): HTMLElement {
    const c = h('input', { name: path, ...attrs });
    c.value = value === undefined || value === null ? '' : String(value);
    this.controls.set(path, c);
    return this.field(path, label, c, hint);
  }

  select(path: string, label: string, options: Array<[string, string]>, value: unknown, hint?: string): HTMLElement {
    const c = h('select', { name: path }, ...options.map(([v, text]) => h('option', { value: v }, text)));
    c.value = value === undefined || value === null ? options[0]?.[0] ?? '' : String(value);
    this.controls.set(path, c);
    return this.field(path, label, c, hint);
  }

  textarea(path: string, label: string, value: string, hint?: string): HTMLElement {
    const c = h('textarea', { name: path, rows: 3 });
    c.value = value;
    this.controls.set(path, c);
    return this.field(path, label, c, hint);
  }

  check(path: string, label: string, checked: boolean): HTMLElement {
    const c = h('input', { type: 'checkbox', name: path });
    c.checked = checked;
    this.controls.set(path, c);
    const id = this.id(path);
    c.id = id;
    const error = h('p', { class: 'field-error', id: `${id}-error`, hidden: true });
    this.errors.set(path, error);
    c.setAttribute('aria-describedby', `${id}-error`);
    return h('div', { class: 'field' }, h('label', { class: 'inline', for: id }, c, label), error);
  }

  get(path: string): string {
    return this.controls.get(path)?.value ?? '';
  }

  checked(path: string): boolean {
    return (this.controls.get(path) as HTMLInputElement | undefined)?.checked ?? false;
  }

  /** Calls `on` whenever any control changes (the live preview). */
  onChange(on: () => void): void {
    for (const c of this.controls.values()) c.addEventListener(c instanceof HTMLSelectElement || (c as HTMLInputElement).type === 'checkbox' ? 'change' : 'input', on);
  }

  clear(): void {
    for (const e of this.errors.values()) { e.hidden = true; e.textContent = ''; }
    this.summary.hidden = true;
    this.summary.replaceChildren();
  }

  /**
   * Shows each error next to the field whose path is the longest prefix of the error's path
   * (`price.weight_bands.1.amount` → the bands field); errors of no field go to the summary.
   */
  show(errors: Record<string, string[]>, fallback: string, focus = true): void {
    this.clear();
    const loose: string[] = [];
    let first: HTMLElement | undefined;
    for (const [path, messages] of Object.entries(errors)) {
      const owner = [...this.errors.keys()].filter((p) => path === p || path.startsWith(`${p}.`)).sort((a, b) => b.length - a.length)[0];
      const text = messages.join(' ');
      if (!owner) { loose.push(`${path}: ${text}`); continue; }
      const slot = this.errors.get(owner)!;
      slot.hidden = false;
      slot.textContent = [slot.textContent, owner === path ? text : `${path.slice(owner.length + 1)}: ${text}`].filter(Boolean).join(' ');
      first ??= document.getElementById(this.id(owner)) ?? undefined;
    }
    if (loose.length > 0 || !first) {
      this.summary.hidden = false;
      this.summary.append(h('p', {}, fallback), ...(loose.length ? [h('ul', {}, ...loose.map((l) => h('li', {}, l)))] : []));
    }
    if (focus) first?.focus();
  }
}

/** "a, b ,c" → ['a', 'b', 'c']; empty → undefined (the field is left out). */
export function list(value: string): string[] | undefined {
  const items = value.split(',').map((s) => s.trim()).filter(Boolean);
  return items.length ? items : undefined;
}

/** A number field's value, or undefined when blank (NaN is sent as text so the API names the field). */
export function num(value: string): number | string | undefined {
  if (value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : value;
}

/** "key=value" lines → an object; empty → undefined. */
export function pairs(value: string): Record<string, string> | undefined {
  const entries = value.split('\n').map((l) => l.trim()).filter(Boolean).map((l) => {
    const i = l.indexOf('=');
    return i < 0 ? [l, ''] : [l.slice(0, i).trim(), l.slice(i + 1).trim()];
  });
  return entries.length ? Object.fromEntries(entries) : undefined;
}

export const str = (value: string): string | undefined => (value.trim() === '' ? undefined : value.trim());

/** Drops undefined members and empty objects, so an untouched part of the form sends nothing. */
export function compact<T extends Record<string, unknown>>(o: T): Partial<T> | undefined {
  const out = Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
  return Object.keys(out).length ? (out as Partial<T>) : undefined;
}
