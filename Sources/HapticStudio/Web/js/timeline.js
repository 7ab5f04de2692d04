// The timeline panel: keeps the view's width in step with the window, redraws when the pattern, the selection, the
// view or the analysis change, and adds events where the cursor is.
import { continuous, customAudio, transient } from './ahap.js';
import { layOut } from './layout.js';
import { drawTimeline } from './timeline-draw.js';
import { attachGestures } from './timeline-gestures.js';

export class Timeline {
  constructor(svg, { doc, view, selection, audioFiles }) {
    this.svg = svg;
    this.doc = doc;
    this.view = view;
    this.selection = selection;
    this.audioFiles = audioFiles; // () => audio paths relative to the pattern's folder
    this.analysis = null;
    this.band = null; // the rubber band being dragged, {x1, y1, x2, y2} in SVG pixels
    this.lanes = layOut(svg.clientHeight || 600);
    this.frame = 0;
    attachGestures(this);
    new ResizeObserver(() => this.resize()).observe(svg);
    for (const source of [doc, selection]) source.on('change', () => this.redraw());
    selection.on('range', () => this.redraw());
    selection.on('cursor', () => this.redraw());
    view.on('change', () => this.redraw());
    this.resize();
  }

  resize() {
    this.lanes = layOut(this.svg.clientHeight || 600);
    this.view.setWidth(this.svg.clientWidth || 900);
  }

  setAnalysis(analysis) {
    this.analysis = analysis;
    this.redraw();
  }

  // Redraws once per animation frame at most, however many changes arrive.
  redraw() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      drawTimeline(this.svg, this);
    });
  }

  addTransient(time = this.selection.cursor) {
    this.selection.select(this.doc.add(transient(time)));
  }

  addContinuous(time = this.selection.cursor) {
    this.selection.select(this.doc.add(continuous(time)));
  }

  addAudio(time = this.selection.cursor) {
    const [first] = this.audioFiles();
    const entry = first
      ? customAudio(time, first)
      : { Event: { Time: time, EventType: 'AudioContinuous', EventDuration: 0.3 } };
    this.selection.select(this.doc.add(entry));
  }

  // The playhead at `time` (or hidden for null), without redrawing the rest.
  showPlayhead(time) {
    const line = this.svg.querySelector('#playhead');
    if (!line) return;
    if (time === null) {
      line.setAttribute('visibility', 'hidden');
      return;
    }
    const x = this.view.x(time);
    line.setAttribute('x1', x);
    line.setAttribute('x2', x);
    line.setAttribute('visibility', 'visible');
  }
}
