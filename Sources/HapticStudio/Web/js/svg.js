// Building SVG elements without markup strings (no escaping to get wrong).
const NS = 'http://www.w3.org/2000/svg';

export function el(name, attributes = {}, parent = null) {
  const node = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attributes)) {
    if (value !== undefined && value !== null) node.setAttribute(key, String(value));
  }
  if (parent) parent.appendChild(node);
  return node;
}

export function text(content, attributes, parent) {
  const node = el('text', attributes, parent);
  node.textContent = content;
  return node;
}

// "x,y x,y …" for polyline and polygon points, rounded to 0.1 px.
export function points(list) {
  return list.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
}
