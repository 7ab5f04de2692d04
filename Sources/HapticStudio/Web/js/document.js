// The open pattern: its AHAP value, where it came from and where it saves, and every edit, recorded for undo.
// `savePath` is the name the file box starts with when a pattern is opened, created or imported; what the designer
// then types there is theirs (edits never put the box back). `ownPath` is the file this document may replace
// without asking: the one it was opened from (its save path) or last saved to; null for a new or imported pattern.
import { Emitter } from './emitter.js';
import { History } from './history.js';

export class PatternDocument extends Emitter {
  constructor() {
    super();
    this.history = new History();
    this.ahap = { Version: 1.0, Pattern: [] };
    this.path = null; // the file it was opened from, relative to the folder
    this.dir = ''; // the folder its custom audio resolves against
    this.savePath = 'untitled.ahap';
    this.ownPath = null;
    this.gestureStart = null;
    this.savedText = this.text();
  }

  get entries() {
    return this.ahap.Pattern;
  }

  text() {
    return JSON.stringify(this.ahap);
  }

  get isDirty() {
    return this.text() !== this.savedText;
  }

  // Replaces the pattern (opened, created, imported): a new document, with no undo history.
  load(text, { path = null, dir = '', savePath = 'untitled.ahap', ownPath = null } = {}) {
    this.ahap = JSON.parse(text);
    if (!Array.isArray(this.ahap.Pattern)) this.ahap.Pattern = [];
    this.path = path;
    this.dir = dir;
    this.savePath = savePath;
    this.ownPath = ownPath;
    this.history.clear();
    this.gestureStart = null;
    this.savedText = this.text();
    this.emit('change', { reset: true });
  }

  // Applies `change(ahap)`; one undo step unless a gesture (a drag) is under way.
  edit(change) {
    const before = this.text();
    change(this.ahap);
    if (this.text() === before) return;
    if (this.gestureStart === null) this.history.record(before);
    this.emit('change', {});
  }

  // A drag: many edits, one undo step.
  beginGesture() {
    this.gestureStart = this.text();
  }

  endGesture() {
    if (this.gestureStart !== null && this.gestureStart !== this.text()) this.history.record(this.gestureStart);
    this.gestureStart = null;
    this.emit('change', { committed: true });
  }

  undo() {
    this.restore(this.history.undo(this.text()));
  }

  redo() {
    this.restore(this.history.redo(this.text()));
  }

  restore(text) {
    if (text === null) return;
    this.ahap = JSON.parse(text);
    this.emit('change', { restored: true });
  }

  // After a save: the server's canonical AHAP becomes the model (the same pattern, written as saved).
  saved(text, path) {
    this.ahap = JSON.parse(text);
    this.savePath = path;
    this.ownPath = path;
    this.path = path;
    this.savedText = this.text();
    this.emit('change', { saved: true });
  }

  // Adds an entry and returns its index.
  add(entry) {
    let index = -1;
    this.edit((ahap) => {
      ahap.Pattern.push(entry);
      index = ahap.Pattern.length - 1;
    });
    return index;
  }

  remove(index) {
    this.edit((ahap) => ahap.Pattern.splice(index, 1));
  }

  // Removes several entries as one undo step.
  removeMany(indices) {
    const doomed = new Set(indices);
    this.edit((ahap) => {
      ahap.Pattern = ahap.Pattern.filter((_, index) => !doomed.has(index));
    });
  }

  // Appends entries as one undo step and returns their indices.
  addMany(entries) {
    let first = 0;
    this.edit((ahap) => {
      first = ahap.Pattern.length;
      ahap.Pattern.push(...entries);
    });
    return entries.map((_, offset) => first + offset);
  }
}
