/** A tiny element builder for the share page (no framework: the page stays a few kilobytes). */

type Child = Node | string | null | undefined | false;
type Attributes = Record<string, string | boolean | undefined>;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : value);
  }
  append(element, children);
  return element;
}

export function append(parent: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}

/** HTML the server rendered and sanitised from the quote's markdown. */
export function trustedHtml(className: string, html: string): HTMLDivElement {
  const container = el('div', { class: className });
  container.innerHTML = html;
  return container;
}

export function replaceContent(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, children);
}
