/**
 * The light page's way of drawing (docs/decisions/018-light-tracking-link-page.md): `h` makes
 * an element with its attributes, listeners (`onclick`) and children; nothing else. React would
 * cost the page more than its whole budget.
 */
type Child = Node | string | false | null | undefined;
type Attribute = string | boolean | undefined | ((event: Event) => void);

export function h(tag: string, attributes: Record<string, Attribute> = {}, ...children: Child[]) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (typeof value === 'function') element.addEventListener(name.slice(2), value);
    else if (value === true) element.setAttribute(name, '');
    else if (typeof value === 'string') element.setAttribute(name, value);
  }
  element.append(...children.filter((child): child is Node | string => Boolean(child)));
  return element;
}
