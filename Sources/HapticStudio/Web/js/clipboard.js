// Copy, paste, duplicate and delete of the selected entries. The clipboard is the page's own (copies of AHAP
// entries), so nothing asks for the browser's clipboard permission. Each paste, duplicate or delete is one undo step.
import { entryTime, eventEnd, shiftEntry } from './ahap.js';

export class EntryClipboard {
  constructor({ doc, selection, status }) {
    Object.assign(this, { doc, selection, status });
    this.copied = [];
  }

  selectedEntries() {
    return this.selection.entries.map((index) => this.doc.entries[index]).filter(Boolean);
  }

  copy() {
    const entries = this.selectedEntries();
    if (!entries.length) return;
    this.copied = entries.map((entry) => structuredClone(entry));
    this.status.show(`Copied ${count(entries.length)}`);
  }

  // The copied entries at the cursor (the earliest of them lands on it); they become the selection.
  paste() {
    if (!this.copied.length) return;
    const earliest = Math.min(...this.copied.map(entryTime));
    this.place(this.copied, this.selection.cursor - earliest);
    this.status.show(`Pasted ${count(this.copied.length)} at ${Math.round(this.selection.cursor * 1000)} ms`);
  }

  // A copy of the selected entries right after them (shifted by the span they cover).
  duplicate() {
    const entries = this.selectedEntries();
    if (!entries.length) return;
    const start = Math.min(...entries.map(entryTime));
    const end = Math.max(...entries.map(entryEnd));
    this.place(entries, Math.max(end - start, 0.01));
    this.status.show(`Duplicated ${count(entries.length)}`);
  }

  remove() {
    const indices = this.selection.entries;
    if (!indices.length) return;
    this.selection.clear();
    this.doc.removeMany(indices);
    this.status.show(`Deleted ${count(indices.length)}`);
  }

  place(entries, offset) {
    const added = this.doc.addMany(entries.map((entry) => shiftEntry(entry, offset)));
    this.selection.selectMany(added);
  }
}

function entryEnd(entry) {
  if (entry.Event) return eventEnd(entry.Event);
  const curve = entry.ParameterCurve;
  if (curve) return curve.Time + Math.max(0, ...curve.ParameterCurveControlPoints.map((point) => point.Time));
  return entryTime(entry);
}

function count(n) {
  return n === 1 ? '1 entry' : `${n} entries`;
}
