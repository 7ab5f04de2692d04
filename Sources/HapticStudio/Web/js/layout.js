// The lanes' vertical layout: which lane is where for a given timeline height.
export const LANES = [
  { id: 'ruler', label: '', height: 22 },
  { id: 'transients', label: 'Transients', height: 50 },
  { id: 'continuous', label: 'Continuous', height: 50 },
  { id: 'audio', label: 'Audio', height: 60 },
  { id: 'intensity', label: 'Intensity', share: 0.34, scale: ['1', '0'] },
  { id: 'sharpness', label: 'Sharpness', share: 0.2, scale: ['1', '0'] },
  // HapticSharpnessControl adds to the events' sharpness: its curves and parameters have their own −1 … 1 scale.
  { id: 'sharpness-offset', label: 'Sharpness\noffset', share: 0.18, scale: ['+1', '0', '−1'] },
  { id: 'controls', label: 'Other controls', height: 30 },
  { id: 'acceleration', label: 'Acceleration', share: 0.28 },
];

const GAP = 3;

// Each lane's {id, label, scale, top, height} for a timeline `height` pixels tall.
export function layOut(height) {
  const fixed = LANES.reduce((sum, lane) => sum + (lane.height ?? 0), 0) + GAP * (LANES.length - 1);
  const flexible = Math.max(150, height - fixed);
  let top = 0;
  return LANES.map((lane) => {
    const laneHeight = lane.height ?? Math.max(50, Math.floor(flexible * lane.share));
    const placed = { id: lane.id, label: lane.label, scale: lane.scale ?? null, top, height: laneHeight };
    top += laneHeight + GAP;
    return placed;
  });
}

export function laneAt(lanes, y) {
  return lanes.find((lane) => y >= lane.top && y < lane.top + lane.height) ?? null;
}

export function lane(lanes, id) {
  return lanes.find((candidate) => candidate.id === id);
}

// The y of `value` between `min` and `max` in a lane (4 px margins).
export function valueY(laneBox, value, min = 0, max = 1) {
  const clamped = Math.min(max, Math.max(min, value));
  return laneBox.top + laneBox.height - 4 - ((clamped - min) / (max - min)) * (laneBox.height - 8);
}

export function yValue(laneBox, y, min = 0, max = 1) {
  const fraction = (laneBox.top + laneBox.height - 4 - y) / (laneBox.height - 8);
  return Math.min(max, Math.max(min, min + fraction * (max - min)));
}
