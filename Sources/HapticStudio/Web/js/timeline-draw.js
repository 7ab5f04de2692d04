// Draws the timeline: lanes, time grid, the pattern's events and control points (from the model, at once), and the
// computed lanes — intensity and sharpness after curves, transients after controls, audio waveforms, simulated
// acceleration — from the server's analysis (the plot's own numbers, not recomputed here).
import { curvePoints, eventEnd, kindOf, parameterValue } from './ahap.js';
import { lane, valueY } from './layout.js';
import { dynamicParameter } from './schema.js';
import { el, points, text } from './svg.js';
import { GUTTER } from './view.js';

const TICK_STEPS = [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 60];

export function formatTime(seconds, step) {
  if (step < 1) return `${Math.round(seconds * 1000)} ms`;
  return `${Number(seconds.toFixed(2))} s`;
}

export function drawTimeline(svg, { doc, view, selection, analysis, lanes, band }) {
  svg.replaceChildren();
  const width = view.width + GUTTER;
  const lanesGroup = el('g', {}, svg);
  for (const [index, box] of lanes.entries()) {
    el('rect', { class: box.id === 'ruler' ? 'ruler' : `lane-bg${index % 2 ? ' alt' : ''}`, x: GUTTER, y: box.top,
      width: view.width, height: box.height, 'data-lane': box.id }, lanesGroup);
  }
  drawGrid(svg, view, lanes);
  if (selection.range) drawRange(svg, view, lanes, selection.range);
  const computed = analysis?.lanes;
  const audioTraces = new Map((computed?.audio ?? []).map((trace) => [trace.entry,
    { ...trace, windowFrom: computed.from, windowTo: computed.to }]));
  drawComputed(svg, view, lanes, analysis);
  const events = el('g', {}, svg);
  doc.entries.forEach((entry, index) => {
    const kind = kindOf(entry);
    if (kind === 'event') drawEvent(events, view, lanes, entry.Event, index, selection, audioTraces.get(index));
    else if (kind === 'curve') drawCurve(events, view, lanes, entry.ParameterCurve, index, selection);
    else if (kind === 'parameter') drawParameter(events, view, lanes, entry.Parameter, index, selection);
  });
  const cursorX = view.x(selection.cursor);
  if (cursorX >= GUTTER) el('line', { class: 'cursor-line', x1: cursorX, x2: cursorX, y1: 0, y2: svgHeight(lanes) }, svg);
  el('line', { id: 'playhead', class: 'playhead', x1: -10, x2: -10, y1: 0, y2: svgHeight(lanes), visibility: 'hidden' }, svg);
  if (band) el('rect', { class: 'band', x: band.x1, y: band.y1, width: band.x2 - band.x1, height: band.y2 - band.y1 }, svg);
  drawGutter(svg, lanes, width, analysis);
  // Where time 0 is and the scale, for tools that drive the page (the browser test).
  svg.dataset.x0 = view.x(0).toFixed(3);
  svg.dataset.pixelsPerSecond = view.pixelsPerSecond.toFixed(6);
}

function svgHeight(lanes) {
  const last = lanes[lanes.length - 1];
  return last.top + last.height;
}

function drawGutter(svg, lanes, width, analysis) {
  el('rect', { class: 'gutter', x: 0, y: 0, width: GUTTER - 2, height: svgHeight(lanes) }, svg);
  for (const box of lanes) {
    box.label.split('\n').forEach((line, row) => text(line, { class: 'lane-label', x: 6, y: box.top + 14 + 12 * row }, svg));
    drawScale(svg, box);
  }
  const peak = analysis?.lanes?.accelerationPeak;
  const accel = lane(lanes, 'acceleration');
  if (peak) text(`±${peak.toFixed(2)} g`, { class: 'lane-label', x: 6, y: accel.top + 28 }, svg);
  svg.setAttribute('viewBox', `0 0 ${width} ${svgHeight(lanes)}`);
}

// A value lane's scale at the gutter's right edge: its top, (middle,) and bottom values, where valueY puts them.
function drawScale(svg, box) {
  if (!box.scale) return;
  const last = box.scale.length - 1;
  box.scale.forEach((label, index) => {
    const y = box.top + 4 + (index / last) * (box.height - 8);
    text(label, { class: 'scale-label', x: GUTTER - 6, y: y + 3.5, 'text-anchor': 'end', 'data-scale': box.id }, svg);
  });
}

function drawGrid(svg, view, lanes) {
  const step = TICK_STEPS.find((candidate) => candidate * view.pixelsPerSecond >= 70) ?? 60;
  const ruler = lane(lanes, 'ruler');
  const bottom = svgHeight(lanes);
  const group = el('g', {}, svg);
  for (let time = Math.ceil(view.start / step) * step; time <= view.end; time += step) {
    const x = view.x(time);
    el('line', { class: 'grid', x1: x, x2: x, y1: ruler.top + ruler.height, y2: bottom }, group);
    text(formatTime(time, step), { class: 'tick-label', x: x + 3, y: ruler.top + 15 }, group);
  }
}

function drawRange(svg, view, lanes, [from, to]) {
  const x1 = Math.max(GUTTER, view.x(from));
  const x2 = view.x(to);
  if (x2 <= x1) return;
  const bottom = svgHeight(lanes);
  el('rect', { class: 'range', x: x1, y: 0, width: x2 - x1, height: bottom }, svg);
  el('line', { class: 'range-edge', x1, x2: x1, y1: 0, y2: bottom }, svg);
  el('line', { class: 'range-edge', x1: x2, x2, y1: 0, y2: bottom }, svg);
}

function drawEvent(group, view, lanes, event, index, selection, audioTrace) {
  const selected = selection.has(index);
  const x = view.x(event.Time);
  if (event.EventType === 'HapticTransient') {
    const box = lane(lanes, 'transients');
    const intensity = parameterValue(event, 'HapticIntensity');
    const top = valueY(box, Math.max(intensity, 0.12));
    const g = el('g', { class: `transient${selected ? ' selected' : ''}`, 'data-entry': index, 'data-role': 'move' }, group);
    el('rect', { class: 'hit', x: x - 6, y: box.top, width: 12, height: box.height }, g);
    el('line', { class: 'stem', x1: x, x2: x, y1: box.top + box.height - 3, y2: top }, g);
    el('rect', { class: 'head', x: x - 3.5, y: top - 3.5, width: 7, height: 7 }, g);
    return;
  }
  const isAudio = event.EventType === 'AudioCustom' || event.EventType === 'AudioContinuous';
  const box = lane(lanes, isAudio ? 'audio' : 'continuous');
  const end = eventEnd(event, audioTrace?.end);
  const unknownLength = event.EventType === 'AudioCustom' && end <= event.Time;
  const x2 = view.x(unknownLength ? event.Time + 0.1 : end);
  const width = Math.max(4, x2 - x);
  const level = isAudio ? parameterValue(event, 'AudioVolume') : parameterValue(event, 'HapticIntensity');
  const kindClass = event.EventType === 'AudioContinuous' ? 'audio-tone' : isAudio ? 'audio' : 'continuous';
  const g = el('g', { class: `${kindClass}${selected ? ' selected' : ''}`, 'data-entry': index }, group);
  el('rect', { class: 'body', 'data-role': 'move', x, y: box.top + 4, width, height: box.height - 8,
    'fill-opacity': (0.25 + 0.6 * level).toFixed(2), 'stroke-dasharray': unknownLength ? '3 2' : undefined }, g);
  if (audioTrace) drawWaveform(g, view, box, audioTrace);
  if (event.EventType === 'AudioCustom') {
    const name = (event.EventWaveformPath ?? '').split('/').pop();
    if (width > 40) text(name, { class: 'event-label', x: x + 4, y: box.top + 15 }, g);
  }
  if (!unknownLength) {
    el('rect', { class: 'handle', 'data-role': 'start', x: x - 1, y: box.top + 4, width: 6, height: box.height - 8 }, g);
    el('rect', { class: 'handle', 'data-role': 'end', x: x + width - 5, y: box.top + 4, width: 6, height: box.height - 8 }, g);
  }
}

function drawWaveform(group, view, box, trace) {
  const analysisStep = (trace.windowTo - trace.windowFrom) / trace.low.length;
  const mid = box.top + box.height / 2 + 4;
  const half = (box.height - 20) / 2;
  const upper = [];
  const lower = [];
  trace.low.forEach((low, column) => {
    const time = trace.windowFrom + (column + 0.5) * analysisStep;
    if (time < trace.start || time > trace.end) return;
    const x = view.x(time);
    upper.push([x, mid - trace.high[column] * half]);
    lower.push([x, mid - low * half]);
  });
  if (upper.length > 1) el('polygon', { class: 'waveform', points: points(upper.concat(lower.reverse())) }, group);
}

function controlLane(id) {
  if (id === 'HapticIntensityControl') return 'intensity';
  if (id === 'HapticSharpnessControl') return 'sharpness-offset';
  return 'controls';
}

function drawCurve(group, view, lanes, curveEntry, index, selection) {
  const box = lane(lanes, controlLane(curveEntry.ParameterID));
  const range = dynamicParameter(curveEntry.ParameterID) ?? { min: 0, max: 1 };
  const list = curvePoints(curveEntry);
  const selected = selection.has(index);
  const g = el('g', { class: selected ? 'selected' : undefined, 'data-entry': index }, group);
  if (box.id === 'controls') {
    const x1 = view.x(list[0]?.time ?? curveEntry.Time);
    const x2 = view.x(list[list.length - 1]?.time ?? curveEntry.Time);
    el('line', { class: `curve-span${selected ? ' selected' : ''}`, 'data-role': 'select', x1, x2: Math.max(x2, x1 + 3),
      y1: box.top + box.height / 2, y2: box.top + box.height / 2 }, g);
    text(curveEntry.ParameterID.replace('Control', ''), { class: 'lane-label', x: x1, y: box.top + 10 }, g);
    return;
  }
  const coordinates = list.map((point) => [view.x(point.time), valueY(box, point.value, range.min, range.max)]);
  el('polyline', { class: 'control-line', points: points(coordinates) }, g);
  coordinates.forEach(([x, y], pointIndex) => {
    const pointSelected = selected && selection.point === pointIndex;
    el('circle', { class: `control-point${pointSelected ? ' selected' : ''}`, 'data-role': 'point', 'data-point': pointIndex,
      cx: x, cy: y, r: 5 }, g);
  });
}

function drawParameter(group, view, lanes, parameter, index, selection) {
  const box = lane(lanes, controlLane(parameter.ParameterID));
  const range = dynamicParameter(parameter.ParameterID) ?? { min: 0, max: 1 };
  const x = view.x(parameter.Time);
  const y = box.id === 'controls' ? box.top + box.height / 2 : valueY(box, parameter.ParameterValue, range.min, range.max);
  const selected = selection.has(index);
  const g = el('g', { 'data-entry': index }, group);
  el('polygon', { class: 'parameter-point', 'data-role': 'move', points: points([[x, y - 6], [x + 6, y], [x, y + 6], [x - 6, y]]),
    'stroke-width': selected ? 3 : 1.5 }, g);
}

function drawComputed(svg, view, lanes, analysis) {
  const computed = analysis?.lanes;
  if (!computed) return;
  const group = el('g', {}, svg);
  const step = (computed.to - computed.from) / computed.columns;
  const xAt = (column) => view.x(computed.from + column * step);
  const intensity = lane(lanes, 'intensity');
  const base = valueY(intensity, 0);
  const outline = computed.intensity.map((value, column) => [xAt(column), valueY(intensity, value)]);
  el('polygon', { class: 'envelope', points: points([[xAt(0), base], ...outline, [xAt(computed.columns), base]]) }, group);
  const sharpness = lane(lanes, 'sharpness');
  let run = [];
  const flush = () => {
    if (run.length > 1) el('polyline', { class: 'sharpness-line', points: points(run) }, group);
    run = [];
  };
  computed.sharpness.forEach((value, column) => {
    if (value === null) flush();
    else run.push([xAt(column), valueY(sharpness, value)]);
  });
  flush();
  for (const transient of computed.transients) {
    const x = view.x(transient.time);
    if (x < GUTTER || x > view.x(view.end)) continue;
    el('line', { class: 'grid', x1: x, x2: x, y1: base, y2: valueY(intensity, transient.intensity), stroke: 'var(--transient)',
      'stroke-width': 2 }, group);
    el('circle', { class: 'transient-mark', cx: x, cy: valueY(sharpness, transient.sharpness), r: 3 }, group);
  }
  const offsets = lane(lanes, 'sharpness-offset');
  const zero = valueY(offsets, 0, -1, 1);
  el('line', { class: 'zero', x1: GUTTER, x2: view.x(view.end), y1: zero, y2: zero }, group);
  const accel = lane(lanes, 'acceleration');
  const mid = accel.top + accel.height / 2;
  const scale = (accel.height / 2 - 4) / Math.max(computed.accelerationPeak, 0.001);
  el('line', { class: 'zero', x1: GUTTER, x2: view.x(view.end), y1: mid, y2: mid }, group);
  const upper = computed.accelerationHigh.map((value, column) => [xAt(column + 0.5), mid - value * scale - 0.3]);
  const lower = computed.accelerationLow.map((value, column) => [xAt(column + 0.5), mid - value * scale + 0.3]);
  el('polygon', { class: 'acceleration', points: points(upper.concat(lower.reverse())) }, group);
}
