// Reading and changing AHAP entries in place. The page's model is the AHAP value itself (what the server's writer
// wrote), so these helpers work on plain {Event}, {Parameter} and {ParameterCurve} objects.
import { parametersOf } from './schema.js';

export const round = (value) => Math.round(value * 10000) / 10000;

export function kindOf(entry) {
  if (entry.Event) return 'event';
  if (entry.Parameter) return 'parameter';
  if (entry.ParameterCurve) return 'curve';
  return 'unknown';
}

// The parameter's authored value, or the default for the event's type.
export function parameterValue(event, id) {
  const authored = (event.EventParameters ?? []).filter((parameter) => parameter.ParameterID === id).pop();
  if (authored) return authored.ParameterValue;
  return parametersOf(event.EventType).find((parameter) => parameter.id === id)?.defaultValue ?? 0;
}

export function isAuthored(event, id) {
  return (event.EventParameters ?? []).some((parameter) => parameter.ParameterID === id);
}

export function setParameter(event, id, value) {
  const parameters = (event.EventParameters ?? []).filter((parameter) => parameter.ParameterID !== id);
  parameters.push({ ParameterID: id, ParameterValue: round(value) });
  event.EventParameters = parameters;
}

export function clearParameter(event, id) {
  const parameters = (event.EventParameters ?? []).filter((parameter) => parameter.ParameterID !== id);
  if (parameters.length > 0) event.EventParameters = parameters;
  else delete event.EventParameters;
}

// Drops parameters the event's (new) type does not take, and fields that belong to other types.
export function conformToType(event) {
  const allowed = new Set(parametersOf(event.EventType).map((parameter) => parameter.id));
  if (event.EventParameters) {
    event.EventParameters = event.EventParameters.filter((parameter) => allowed.has(parameter.ParameterID));
    if (event.EventParameters.length === 0) delete event.EventParameters;
  }
  if (event.EventType !== 'AudioCustom') {
    delete event.EventWaveformPath;
    delete event.EventWaveformUseVolumeEnvelope;
    delete event.EventWaveformLoopEnabled;
  }
  if (event.EventType === 'HapticTransient') delete event.EventDuration;
  if ((event.EventType === 'HapticContinuous' || event.EventType === 'AudioContinuous') && !(event.EventDuration > 0)) {
    event.EventDuration = 0.2;
  }
}

export function transient(time, intensity = 0.8, sharpness = 0.5) {
  return {
    Event: {
      Time: round(time),
      EventType: 'HapticTransient',
      EventParameters: [
        { ParameterID: 'HapticIntensity', ParameterValue: intensity },
        { ParameterID: 'HapticSharpness', ParameterValue: sharpness },
      ],
    },
  };
}

export function continuous(time, duration = 0.3) {
  return {
    Event: {
      Time: round(time),
      EventType: 'HapticContinuous',
      EventDuration: duration,
      EventParameters: [
        { ParameterID: 'HapticIntensity', ParameterValue: 0.6 },
        { ParameterID: 'HapticSharpness', ParameterValue: 0.4 },
      ],
    },
  };
}

export function customAudio(time, path) {
  return { Event: { Time: round(time), EventType: 'AudioCustom', EventWaveformPath: path } };
}

export function curve(id, time, points) {
  return {
    ParameterCurve: {
      ParameterID: id,
      Time: round(time),
      ParameterCurveControlPoints: points.map(([t, value]) => ({ Time: round(t), ParameterValue: round(value) })),
    },
  };
}

// Where an event ends on the timeline: its duration, or the length of its audio when the server measured it.
export function eventEnd(event, audioEnd) {
  if (event.EventType === 'AudioCustom' && !(event.EventDuration > 0) && audioEnd !== undefined) return audioEnd;
  return event.Time + (event.EventDuration ?? 0);
}

// A curve's control points as absolute pattern times.
export function curvePoints(curveEntry) {
  return curveEntry.ParameterCurveControlPoints.map((point) => ({
    time: curveEntry.Time + point.Time,
    value: point.ParameterValue,
  }));
}

// When an entry starts: an event's, parameter's or curve's Time.
export function entryTime(entry) {
  return (entry.Event ?? entry.Parameter ?? entry.ParameterCurve)?.Time ?? 0;
}

// A copy of `entry` moved by `offset` seconds (never before 0).
export function shiftEntry(entry, offset) {
  const copy = structuredClone(entry);
  const target = copy.Event ?? copy.Parameter ?? copy.ParameterCurve;
  if (target) target.Time = round(Math.max(0, target.Time + offset));
  return copy;
}
