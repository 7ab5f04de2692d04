// The pattern's Metadata as fields (name and value), each change one undo step: a string value stays a string;
// any other value (a number, an object) is shown and read as JSON, and a value that does not read as JSON is kept
// as text. An empty Metadata object is dropped from the pattern.
export function renderMetadata(root, doc) {
  const heading = document.createElement('h3');
  heading.textContent = 'Metadata';
  root.appendChild(heading);
  const metadata = doc.ahap.Metadata;
  if (metadata !== undefined && (metadata === null || typeof metadata !== 'object' || Array.isArray(metadata))) {
    // Not a dictionary (AHAP writes one): shown as it is, not edited field by field.
    const raw = document.createElement('p');
    raw.className = 'hint';
    raw.textContent = JSON.stringify(metadata);
    root.appendChild(raw);
    return;
  }
  for (const [key, value] of Object.entries(metadata ?? {})) {
    const row = document.createElement('div');
    row.className = 'meta';
    const name = document.createElement('span');
    name.textContent = key;
    name.title = key;
    const field = document.createElement('input');
    field.type = 'text';
    field.spellcheck = false;
    field.value = typeof value === 'string' ? value : JSON.stringify(value);
    field.dataset.meta = key;
    field.addEventListener('change', () => doc.edit((ahap) => { ahap.Metadata[key] = read(field.value, value); }));
    field.addEventListener('keydown', (event) => { if (event.key === 'Enter') field.blur(); });
    const remove = document.createElement('button');
    remove.textContent = '×';
    remove.title = `Remove ${key}`;
    remove.addEventListener('click', () => doc.edit((ahap) => {
      delete ahap.Metadata[key];
      if (Object.keys(ahap.Metadata).length === 0) delete ahap.Metadata;
    }));
    row.append(name, field, remove);
    root.appendChild(row);
  }
  const row = document.createElement('div');
  row.className = 'meta';
  const key = document.createElement('input');
  key.type = 'text';
  key.placeholder = 'Field';
  key.id = 'meta-new-key';
  const value = document.createElement('input');
  value.type = 'text';
  value.placeholder = 'Value';
  value.id = 'meta-new-value';
  const add = document.createElement('button');
  add.textContent = '+';
  add.title = 'Add the field';
  add.id = 'meta-add';
  add.addEventListener('click', () => {
    const name = key.value.trim();
    if (!name) return;
    doc.edit((ahap) => {
      ahap.Metadata = { ...(ahap.Metadata ?? {}), [name]: value.value };
    });
  });
  row.append(key, value, add);
  root.appendChild(row);
}

// A typed value: text for a string field, JSON for the others (text when it does not parse).
function read(text, previous) {
  if (typeof previous === 'string') return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
