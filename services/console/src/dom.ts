/** Builds elements without innerHTML, so data from the API is always text, never markup. */
type Child = Node | string | number | null | undefined | false;
type Attrs = Record<string, string | boolean | number | EventListener | undefined>;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    if (typeof v === 'function') el.addEventListener(k.replace(/^on/, ''), v);
    else if (v === true) el.setAttribute(k, '');
    else el.setAttribute(k, String(v));
  }
  append(el, ...children);
  return el;
}

export function append(el: Element, ...children: Child[]): void {
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(c instanceof Node ? c : String(c));
}

export function replace(el: Element, ...children: Child[]): void {
  el.replaceChildren();
  append(el, ...children);
}

export const loading = (what: string): HTMLElement => h('p', { class: 'state loading', role: 'status' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), `Loading ${what}…`);
export const empty = (text: string): HTMLElement => h('p', { class: 'state empty' }, text);
export const failure = (err: unknown): HTMLElement => h('p', { class: 'state error', role: 'alert' }, messageOf(err));

export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export function when(iso: string | null | undefined): string {
  return iso ? new Date(iso).toLocaleString() : '—';
}

/** A titled section whose body is replaced as data arrives. */
export function section(title: string, ...children: Child[]): HTMLElement {
  return h('section', { 'aria-label': title }, h('h2', {}, title), ...children);
}

/** Runs an async action from a button, disabling it meanwhile and reporting the outcome in `status`. */
export function action(label: string, run: () => Promise<string | void>, status: HTMLElement, attrs: Attrs = {}): HTMLButtonElement {
  const button = h('button', { type: 'button', ...attrs }, label);
  button.addEventListener('click', async () => {
    button.disabled = true;
    status.className = 'status';
    status.textContent = `${label}…`;
    try {
      status.textContent = (await run()) ?? '';
    } catch (err) {
      status.className = 'status error';
      status.textContent = messageOf(err);
    } finally {
      button.disabled = false;
    }
  });
  return button;
}

/** Saves bytes as a file through a temporary link. */
export function download(bytes: BlobPart, type: string, name: string): void {
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const a = h('a', { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function base64Bytes(b64: string): Uint8Array<ArrayBuffer> {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** A page of a heading, an introduction, and what `load` builds once its data came (or why it did not). */
export function pageOf(title: string, intro: string, what: string, load: () => Promise<HTMLElement>): HTMLElement {
  const body = h('div', {}, loading(what));
  load().then((el) => replace(body, el), (err) => replace(body, failure(err)));
  return h('div', {}, h('h1', {}, title), h('p', {}, intro), body);
}
