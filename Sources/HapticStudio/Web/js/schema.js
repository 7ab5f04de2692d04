// What AHAP allows, as the server's pattern model says (event types, their parameters and ranges, dynamic
// parameters): set once from the server's hello, so the page never restates the model's rules.
let current = { events: [], dynamicParameters: [], continuousMaximumDuration: 30 };

export function setSchema(schema) {
  current = schema;
}

export function eventKinds() {
  return current.events;
}

export function eventKind(type) {
  return current.events.find((kind) => kind.type === type);
}

// The parameters `type` accepts, each {id, min, max, defaultValue}.
export function parametersOf(type) {
  return eventKind(type)?.parameters ?? [];
}

export function dynamicParameters() {
  return current.dynamicParameters;
}

export function dynamicParameter(id) {
  return current.dynamicParameters.find((parameter) => parameter.id === id);
}

export function continuousMaximumDuration() {
  return current.continuousMaximumDuration;
}
