// What is selected: an entry (and a control point of a curve), the time range for "play selection", and the cursor
// (where added events go).
import { Emitter } from './emitter.js';

export class Selection extends Emitter {
  constructor() {
    super();
    this.entry = null;
    this.point = null;
    this.range = null; // [from, to] seconds
    this.cursor = 0;
  }

  select(entry, point = null) {
    if (this.entry === entry && this.point === point) return;
    this.entry = entry;
    this.point = point;
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
