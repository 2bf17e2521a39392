/** What an element is made with: its attributes and properties, `on…` listeners among them. */
type Props = Record<string, unknown>;

/** A child of an element: text, another node, or nothing. */
export type Child = Node | string | number | false | null | undefined | readonly Child[];

const append = (parent: Node, child: Child): void => {
  if (child === false || child === null || child === undefined) return;
  if (Array.isArray(child)) for (const item of child as readonly Child[]) append(parent, item);
  else parent.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
};

/**
 * Makes an element: `h('button', { onclick: go, class: 'primary' }, 'Go')`. An `on…` prop is a
 * listener, `class`, `for`, `data-…` and `aria-…` are attributes, any other prop a property.
 */
export const h = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props | null = null,
  ...children: Child[]
): HTMLElementTagNameMap[K] => {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function')
      element.addEventListener(name.slice(2), value as EventListener);
    else if (name === 'class' || name === 'for' || name.includes('-')) element.setAttribute(name, String(value));
    else (element as unknown as Record<string, unknown>)[name] = value;
  }
  append(element, children);
  return element;
};

/** Puts these children in place of an element's. */
export const fill = (element: Element, ...children: Child[]): void => {
  element.replaceChildren();
  append(element, children);
};

/** JSON as a block of indented text. */
export const json = (value: unknown): HTMLPreElement =>
  h('pre', { class: 'json' }, value === undefined ? '—' : JSON.stringify(value, null, 2));

/** A table of rows: its head's labels and a row of cells per item. */
export const table = (labels: readonly string[], rows: readonly HTMLTableRowElement[], empty = 'Nothing yet.') =>
  rows.length === 0
    ? h('p', { class: 'empty' }, empty)
    : h(
        'table',
        null,
        h(
          'thead',
          null,
          h(
            'tr',
            null,
            labels.map((label) => h('th', null, label)),
          ),
        ),
        h('tbody', null, rows),
      );

/** A button that copies a text, and says so. */
export const copyButton = (text: () => string, label = 'Copy'): HTMLButtonElement => {
  const button = h(
    'button',
    {
      class: 'small',
      type: 'button',
      onclick: () => {
        void navigator.clipboard?.writeText(text()).then(
          () => (button.textContent = 'Copied'),
          () => (button.textContent = 'Select and copy'),
        );
        setTimeout(() => (button.textContent = label), 1500);
      },
    },
    label,
  );
  return button;
};

/** A time as the dashboard shows it: the date and the time of day, in UTC. */
export const when = (iso: string | undefined | null): string =>
  iso ? iso.replace('T', ' ').replace(/\.\d+Z$|Z$/, '') : '—';
