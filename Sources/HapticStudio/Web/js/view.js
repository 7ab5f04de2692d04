// The timeline's window onto time: where it starts, how many pixels a second takes, and snapping.
import { Emitter } from './emitter.js';

export const GUTTER = 96; // pixels left of the lanes for their labels
const PAD = 10; // pixels between the gutter and time 0 when scrolled to the start, so an event at 0 shows whole

export class TimelineView extends Emitter {
  constructor() {
    super();
    this.start = 0; // seconds at the left edge of the lanes
    this.pixelsPerSecond = 600;
    this.width = 800; // pixels of lanes (the SVG's width less the gutter)
    this.snapStep = 0.01;
  }

  get end() {
    return this.start + (this.width - PAD) / this.pixelsPerSecond;
  }

  x(time) {
    return GUTTER + PAD + (time - this.start) * this.pixelsPerSecond;
  }

  time(x) {
    return this.start + (x - GUTTER - PAD) / this.pixelsPerSecond;
  }

  // `time` on the snap grid (unless snapping is off), never negative, rounded to 0.1 ms.
  snap(time) {
    const snapped = this.snapStep > 0 ? Math.round(time / this.snapStep) * this.snapStep : time;
    return Math.max(0, Math.round(snapped * 10000) / 10000);
  }

  setWidth(width) {
    this.width = Math.max(100, width - GUTTER);
    this.emit('change');
  }

  zoom(factor, anchorTime = (this.start + this.end) / 2) {
    const next = Math.min(200000, Math.max(20, this.pixelsPerSecond * factor));
    const anchorX = this.x(anchorTime);
    this.pixelsPerSecond = next;
    this.start = Math.max(0, anchorTime - (anchorX - GUTTER - PAD) / next);
    this.emit('change');
  }

  scrollBy(seconds) {
    this.start = Math.max(0, this.start + seconds);
    this.emit('change');
  }

  fit(duration) {
    const span = Math.max(duration, 0.05) * 1.08 + 0.04;
    this.start = 0;
    this.pixelsPerSecond = (this.width - PAD) / span;
    this.emit('change');
  }
}
