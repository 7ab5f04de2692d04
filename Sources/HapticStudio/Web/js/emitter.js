// A minimal event emitter: the page's modules talk through events, not through each other's internals.
export class Emitter {
  constructor() {
    this.listeners = new Map();
  }

  on(name, listener) {
    if (!this.listeners.has(name)) this.listeners.set(name, new Set());
    this.listeners.get(name).add(listener);
    return () => this.listeners.get(name).delete(listener);
  }

  emit(name, value) {
    for (const listener of this.listeners.get(name) ?? []) listener(value);
  }
}
