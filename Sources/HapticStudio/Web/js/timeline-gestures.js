// Pointer gestures on the timeline: drag events to move them (every selected entry when several are), their handles
// to resize them, curve control points to reshape curves, the ruler to select a time range, an empty lane to
// rubber-band select; Shift/Ctrl-click adds to or takes from the selection; double-click a lane to add; wheel to
// scroll, Ctrl+wheel to zoom. A whole drag is one undo step.
//
// Double-clicks are recognised here, from two pointerdowns close in time and place on the same thing, not from the
// browser's `dblclick`: a drag's pointer capture retargets that event to the SVG (so a double-click on an event
// looked like one on an empty lane and added a hidden duplicate), and a redraw between the two clicks replaces the
// element under the pointer (so the browser sometimes saw no double-click at all).
import { curve, entryTime, round, shiftEntry } from './ahap.js';
import { lane, laneAt, yValue } from './layout.js';
import { dynamicParameter } from './schema.js';
import { GUTTER } from './view.js';

const DOUBLE_CLICK_MS = 450;
const DOUBLE_CLICK_PX = 6;
const BAND_START_PX = 4;

export function attachGestures(timeline) {
  const { svg, doc, view, selection } = timeline;
  let drag = null;
  let lastDown = null; // {time, x, y, key} of the last pointerdown, for double-clicks

  const position = (event) => {
    const box = svg.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  const isDouble = (x, y, key) => {
    const now = performance.now();
    const double = lastDown !== null && now - lastDown.time <= DOUBLE_CLICK_MS && lastDown.key === key
      && Math.hypot(x - lastDown.x, y - lastDown.y) <= DOUBLE_CLICK_PX;
    lastDown = double ? null : { time: now, x, y, key };
    return double;
  };

  svg.addEventListener('pointerdown', (event) => {
    if (event.button !== 0) return;
    const { x, y } = position(event);
    if (x < GUTTER) return;
    svg.focus();
    event.preventDefault();
    const box = laneAt(timeline.lanes, y);
    const group = event.target.closest('[data-entry]');
    const role = event.target.closest('[data-role]')?.dataset.role;
    const index = group ? Number(group.dataset.entry) : null;
    const additive = event.shiftKey || event.ctrlKey || event.metaKey;
    const double = isDouble(x, y, group ? `entry:${index}` : `lane:${box?.id}`);
    if (double) {
      // On an event: it is selected already (the first click did it); nothing is added. On a lane: add there.
      if (!group && box && box.id !== 'ruler') addAt(timeline, box.id, view.snap(view.time(x)), y);
      return;
    }
    if (box?.id === 'ruler') {
      drag = { kind: 'range', anchor: view.snap(view.time(x)), moved: false };
    } else if (group && role && additive) {
      selection.toggle(index);
    } else if (group && role) {
      const point = role === 'point' ? Number(event.target.dataset.point) : null;
      const together = role === 'move' && selection.has(index) && selection.entries.length > 1;
      if (together) selection.selectMany([index], { add: true });
      else selection.select(index, point);
      if (role !== 'select') {
        const moving = together ? selection.entries : [index];
        drag = { kind: role, index, point, startX: x, lane: box,
          originals: new Map(moving.map((entry) => [entry, structuredClone(doc.entries[entry])])) };
        doc.beginGesture();
      }
    } else {
      if (!additive) selection.clear();
      selection.setCursor(view.snap(view.time(x)));
      drag = { kind: 'band', x, y, base: additive ? selection.entries : [], moved: false };
    }
    if (drag) svg.setPointerCapture(event.pointerId);
  });

  svg.addEventListener('pointermove', (event) => {
    if (!drag) return;
    const { x, y } = position(event);
    if (drag.kind === 'range') {
      const time = view.snap(view.time(x));
      drag.moved = drag.moved || Math.abs(time - drag.anchor) > 0;
      selection.setRange([Math.min(drag.anchor, time), Math.max(drag.anchor, time)]);
      return;
    }
    if (drag.kind === 'band') {
      drag.moved = drag.moved || Math.hypot(x - drag.x, y - drag.y) > BAND_START_PX;
      if (!drag.moved) return;
      timeline.band = { x1: Math.min(drag.x, x), y1: Math.min(drag.y, y), x2: Math.max(drag.x, x), y2: Math.max(drag.y, y) };
      selection.selectMany([...drag.base, ...entriesIn(svg, timeline.band)]);
      timeline.redraw();
      return;
    }
    const dt = (x - drag.startX) / view.pixelsPerSecond;
    doc.edit((ahap) => applyDrag(ahap.Pattern, drag, dt, y, view, timeline.lanes));
  });

  const finish = () => {
    if (!drag) return;
    if (drag.kind === 'range' && !drag.moved) {
      selection.setRange(null);
      selection.setCursor(drag.anchor);
    } else if (drag.kind === 'band') {
      timeline.band = null;
      timeline.redraw();
    } else if (drag.kind !== 'range') {
      doc.endGesture();
    }
    drag = null;
  };
  svg.addEventListener('pointerup', finish);
  svg.addEventListener('pointercancel', finish);

  svg.addEventListener('wheel', (event) => {
    event.preventDefault();
    const { x } = position(event);
    if (event.ctrlKey || event.metaKey) {
      view.zoom(event.deltaY < 0 ? 1.25 : 0.8, view.time(Math.max(GUTTER, x)));
    } else {
      const pixels = Math.abs(event.deltaX) > Math.abs(event.deltaY) ? event.deltaX : event.deltaY;
      view.scrollBy(pixels / view.pixelsPerSecond);
    }
  }, { passive: false });
}

// A double-click on lane `id` at `time`: an event, or a control point on a curve.
function addAt(timeline, id, time, y) {
  if (id === 'transients') timeline.addTransient(time);
  else if (id === 'continuous') timeline.addContinuous(time);
  else if (id === 'audio') timeline.addAudio(time);
  else if (id === 'intensity') addCurvePoint(timeline, 'HapticIntensityControl', time, y);
  else if (id === 'sharpness-offset') addCurvePoint(timeline, 'HapticSharpnessControl', time, y);
}

// The entries drawn (even partly) inside a rubber band, in SVG coordinates (the SVG is drawn at one unit a pixel).
function entriesIn(svg, band) {
  const found = [];
  for (const group of svg.querySelectorAll('[data-entry]')) {
    const box = group.getBBox();
    if (box.x <= band.x2 && box.x + box.width >= band.x1 && box.y <= band.y2 && box.y + box.height >= band.y1) {
      found.push(Number(group.dataset.entry));
    }
  }
  return found;
}

function applyDrag(entries, drag, dt, y, view, lanes) {
  if (drag.originals.size > 1) {
    // Several selected entries move together, by the same snapped offset, none before 0.
    const earliest = Math.min(...[...drag.originals.values()].map(entryTime));
    const offset = Math.max(-earliest, view.snap(earliest + dt) - earliest);
    for (const [index, original] of drag.originals) {
      if (entries[index]) entries[index] = shiftEntry(original, offset);
    }
    return;
  }
  const entry = entries[drag.index];
  const original = drag.originals.get(drag.index);
  if (!entry) return;
  if (entry.Event) {
    const event = entry.Event;
    const start = original.Event.Time;
    const end = start + (original.Event.EventDuration ?? 0);
    if (drag.kind === 'move') {
      event.Time = view.snap(start + dt);
    } else if (drag.kind === 'start') {
      const time = Math.min(view.snap(start + dt), end - 0.005);
      event.Time = Math.max(0, time);
      event.EventDuration = round(end - event.Time);
    } else if (drag.kind === 'end') {
      event.EventDuration = round(Math.max(0.005, view.snap(Math.max(end, start) + dt) - start));
    }
  } else if (entry.Parameter) {
    entry.Parameter.Time = view.snap(original.Parameter.Time + dt);
    const box = valueLane(lanes, entry.Parameter.ParameterID);
    if (box) {
      const range = dynamicParameter(entry.Parameter.ParameterID);
      entry.Parameter.ParameterValue = round(yValue(box, y, range.min, range.max));
    }
  } else if (entry.ParameterCurve && drag.kind === 'point') {
    const curveEntry = entry.ParameterCurve;
    const list = curveEntry.ParameterCurveControlPoints;
    const before = original.ParameterCurve.ParameterCurveControlPoints[drag.point];
    const previous = drag.point > 0 ? list[drag.point - 1].Time : 0;
    const next = drag.point < list.length - 1 ? list[drag.point + 1].Time : Infinity;
    const absolute = view.snap(curveEntry.Time + before.Time + dt);
    list[drag.point].Time = round(Math.min(next, Math.max(previous, absolute - curveEntry.Time)));
    const box = valueLane(lanes, curveEntry.ParameterID);
    if (box) {
      const range = dynamicParameter(curveEntry.ParameterID);
      list[drag.point].ParameterValue = round(yValue(box, y, range.min, range.max));
    }
  }
}

function valueLane(lanes, id) {
  if (id === 'HapticIntensityControl') return lane(lanes, 'intensity');
  if (id === 'HapticSharpnessControl') return lane(lanes, 'sharpness-offset');
  return null;
}

// Double-click in the intensity or sharpness-offset lane: a control point on the curve that covers the time, or a
// new curve there.
function addCurvePoint(timeline, id, time, y) {
  const { doc, selection } = timeline;
  const range = dynamicParameter(id);
  const value = round(yValue(valueLane(timeline.lanes, id), y, range.min, range.max));
  const index = doc.entries.findIndex((entry) => {
    const candidate = entry.ParameterCurve;
    if (!candidate || candidate.ParameterID !== id) return false;
    const last = candidate.ParameterCurveControlPoints[candidate.ParameterCurveControlPoints.length - 1];
    return time >= candidate.Time && time <= candidate.Time + (last?.Time ?? 0) + 0.5;
  });
  if (index < 0) {
    const added = doc.add(curve(id, time, [[0, value], [0.1, value]]));
    selection.select(added, 0);
    return;
  }
  let pointIndex = 0;
  doc.edit((ahap) => {
    const target = ahap.Pattern[index].ParameterCurve;
    const relative = round(time - target.Time);
    const list = target.ParameterCurveControlPoints;
    pointIndex = list.findIndex((point) => point.Time > relative);
    if (pointIndex < 0) pointIndex = list.length;
    list.splice(pointIndex, 0, { Time: relative, ParameterValue: value });
  });
  selection.select(index, pointIndex);
}
