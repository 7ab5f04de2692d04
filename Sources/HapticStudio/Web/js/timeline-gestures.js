// Pointer gestures on the timeline: drag events to move them, their handles to resize them, curve control points
// to reshape curves, the ruler to select a time range; double-click a lane to add; wheel to scroll, Ctrl+wheel to
// zoom. A whole drag is one undo step.
import { curve, round } from './ahap.js';
import { lane, laneAt, yValue } from './layout.js';
import { dynamicParameter } from './schema.js';
import { GUTTER } from './view.js';

export function attachGestures(timeline) {
  const { svg, doc, view, selection } = timeline;
  let drag = null;

  const position = (event) => {
    const box = svg.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  svg.addEventListener('pointerdown', (event) => {
    if (event.button !== 0) return;
    const { x, y } = position(event);
    if (x < GUTTER) return;
    svg.focus();
    const box = laneAt(timeline.lanes, y);
    const group = event.target.closest('[data-entry]');
    const role = event.target.closest('[data-role]')?.dataset.role;
    if (box?.id === 'ruler') {
      drag = { kind: 'range', anchor: view.snap(view.time(x)), moved: false };
    } else if (group && role) {
      const index = Number(group.dataset.entry);
      const point = role === 'point' ? Number(event.target.dataset.point) : null;
      selection.select(index, point);
      if (role !== 'select') {
        drag = { kind: role, index, point, startX: x, original: structuredClone(doc.entries[index]), lane: box };
        doc.beginGesture();
      }
    } else {
      selection.clear();
      selection.setCursor(view.snap(view.time(x)));
    }
    if (drag) svg.setPointerCapture(event.pointerId);
    event.preventDefault();
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
    const dt = (x - drag.startX) / view.pixelsPerSecond;
    doc.edit((ahap) => applyDrag(ahap.Pattern, drag, dt, y, view, timeline.lanes));
  });

  const finish = () => {
    if (!drag) return;
    if (drag.kind === 'range' && !drag.moved) {
      selection.setRange(null);
      selection.setCursor(drag.anchor);
    } else if (drag.kind !== 'range') {
      doc.endGesture();
    }
    drag = null;
  };
  svg.addEventListener('pointerup', finish);
  svg.addEventListener('pointercancel', finish);

  svg.addEventListener('dblclick', (event) => {
    const { x, y } = position(event);
    if (x < GUTTER || event.target.closest('[data-entry]')) return;
    const box = laneAt(timeline.lanes, y);
    if (!box) return;
    const time = view.snap(view.time(x));
    if (box.id === 'transients') timeline.addTransient(time);
    else if (box.id === 'continuous') timeline.addContinuous(time);
    else if (box.id === 'audio') timeline.addAudio(time);
    else if (box.id === 'intensity') addCurvePoint(timeline, 'HapticIntensityControl', time, y);
    else if (box.id === 'sharpness') addCurvePoint(timeline, 'HapticSharpnessControl', time, y);
  });

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

function applyDrag(entries, drag, dt, y, view, lanes) {
  const entry = entries[drag.index];
  const original = drag.original;
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
  if (id === 'HapticSharpnessControl') return lane(lanes, 'sharpness');
  return null;
}

// Double-click in the intensity or sharpness lane: a control point on the curve that covers the time, or a new
// curve there.
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
