// Keyboard shortcuts (ignored while typing in a field), and the help table that lists them.
export const SHORTCUTS = [
  ['Space', 'Play / stop'],
  ['L', 'Loop on / off'],
  ['T', 'Add a transient at the cursor'],
  ['C', 'Add a continuous event at the cursor'],
  ['A', 'Add a custom-audio event at the cursor'],
  ['K', 'Add an intensity curve at the cursor'],
  ['Click, Shift/Ctrl-click', 'Select an entry, add one to the selection'],
  ['Drag on an empty lane', 'Select the entries in the rectangle'],
  ['Delete', 'Delete the selected entries'],
  ['Ctrl+C, Ctrl+V', 'Copy the selected entries, paste them at the cursor'],
  ['Ctrl+D', 'Duplicate the selected entries after them'],
  ['Ctrl+A', 'Select every entry'],
  ['← →', 'Move the selected event by one snap step (Shift: ten)'],
  ['Ctrl+Z', 'Undo'],
  ['Ctrl+Shift+Z, Ctrl+Y', 'Redo'],
  ['Ctrl+S', 'Save'],
  ['+ / −', 'Zoom in / out'],
  ['0', 'Fit the pattern'],
  ['Escape', 'Clear the selection and the time range'],
  ['?', 'This help'],
];

export function fillHelp(table) {
  for (const [keys, action] of SHORTCUTS) {
    const row = table.insertRow();
    row.insertCell().textContent = keys;
    row.insertCell().textContent = action;
  }
}

export function attachShortcuts(actions) {
  document.addEventListener('keydown', (event) => {
    const target = event.target;
    if (target.closest('input, select, textarea, dialog')) return;
    const control = event.ctrlKey || event.metaKey;
    const key = event.key;
    let handled = true;
    if (control && key.toLowerCase() === 'z') {
      if (event.shiftKey) actions.redo();
      else actions.undo();
    } else if (control && key.toLowerCase() === 'y') actions.redo();
    else if (control && key.toLowerCase() === 's') actions.save();
    else if (control && key.toLowerCase() === 'c') actions.copy();
    else if (control && key.toLowerCase() === 'v') actions.paste();
    else if (control && key.toLowerCase() === 'd') actions.duplicate();
    else if (control && key.toLowerCase() === 'a') actions.selectAll();
    else if (control) handled = false;
    else if (key === ' ') actions.togglePlay();
    else if (key === 'l' || key === 'L') actions.toggleLoop();
    else if (key === 't' || key === 'T') actions.addTransient();
    else if (key === 'c' || key === 'C') actions.addContinuous();
    else if (key === 'a' || key === 'A') actions.addAudio();
    else if (key === 'k' || key === 'K') actions.addCurve();
    else if (key === 'Delete' || key === 'Backspace') actions.deleteSelected();
    else if (key === 'ArrowLeft') actions.nudge(event.shiftKey ? -10 : -1);
    else if (key === 'ArrowRight') actions.nudge(event.shiftKey ? 10 : 1);
    else if (key === '+' || key === '=') actions.zoom(1.5);
    else if (key === '-') actions.zoom(1 / 1.5);
    else if (key === '0') actions.fit();
    else if (key === 'Escape') actions.clear();
    else if (key === '?') actions.help();
    else handled = false;
    if (handled) event.preventDefault();
  });
}
