// What is selected: entries (one primary entry, the inspector's, and any others picked with Shift/Ctrl-click or a
// rubber band), a control point of the primary curve, the time range for "play selection", and the cursor (where
// added and pasted events go).
import { Emitter } from './emitter.js';

export class Selection extends Emitter {
  constructor() {
    super();
    this.entry = null; // the primary entry (the inspector shows it)
    this.entries = []; // every selected entry, sorted, the primary one included
    this.point = null;
    this.range = null; // [from, to] seconds
    this.cursor = 0;
  }

  has(index) {
    return this.entries.includes(index);
  }

  // Selects one entry (or nothing, for null), dropping the others.
  select(entry, point = null) {
    const entries = entry === null ? [] : [entry];
    if (this.entry === entry && this.point === point && same(this.entries, entries)) return;
    this.entry = entry;
    this.point = point;
    this.entries = entries;
    this.emit('change');
  }

  // Shift/Ctrl-click: adds `entry` to the selection, or takes it out when it is in.
  toggle(entry) {
    if (this.has(entry)) {
      this.entries = this.entries.filter((index) => index !== entry);
      if (this.entry === entry) this.entry = this.entries[this.entries.length - 1] ?? null;
    } else {
      this.entries = [...this.entries, entry].sort((a, b) => a - b);
      this.entry = entry;
    }
    this.point = null;
    this.emit('change');
  }

  // Selects `entries` (a rubber band, a paste), the last one primary; `add` keeps what was selected.
  selectMany(entries, { add = false } = {}) {
    const merged = [...new Set([...(add ? this.entries : []), ...entries])].sort((a, b) => a - b);
    const primary = entries.length ? entries[entries.length - 1] : (add ? this.entry : null);
    if (same(merged, this.entries) && primary === this.entry && this.point === null) return;
    this.entries = merged;
    this.entry = primary;
    this.point = null;
    this.emit('change');
  }

  clear() {
    this.select(null, null);
  }

  setRange(range) {
    this.range = range && range[1] - range[0] > 0.0005 ? range : null;
    this.emit('range');
  }

  setCursor(time) {
    this.cursor = Math.max(0, time);
    this.emit('cursor');
  }
}

function same(a, b) {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}
