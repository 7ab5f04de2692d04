// The WebSocket to the studio's server: requests with numbered replies (promises), and pushes (playback events).
import { Emitter } from './emitter.js';

export class Connection extends Emitter {
  constructor(token) {
    super();
    this.token = token;
    this.nextId = 1;
    this.pending = new Map();
    this.socket = null;
  }

  // Opens the socket; resolves once it is open.
  open() {
    const url = `ws://${location.host}/ws?token=${encodeURIComponent(this.token)}`;
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url);
      this.socket = socket;
      socket.addEventListener('open', () => resolve());
      socket.addEventListener('error', () => reject(new Error('the studio refused the connection')));
      socket.addEventListener('message', (event) => this.receive(event.data));
      socket.addEventListener('close', (event) => {
        for (const { reject: fail } of this.pending.values()) fail(new Error('the connection closed'));
        this.pending.clear();
        this.emit('close', event);
      });
    });
  }

  // Sends `{type, ...fields}` and resolves with the reply's result, or rejects with its error (its `code`, such as
  // "exists", on the Error).
  request(type, fields = {}) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) {
      return Promise.reject(new Error('not connected to the studio (reload the page, or restart haptic studio)'));
    }
    const id = this.nextId++;
    this.socket.send(JSON.stringify({ id, type, ...fields }));
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
  }

  receive(text) {
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (message.push) {
      this.emit(message.push, message.data);
      return;
    }
    const waiting = this.pending.get(message.id);
    if (!waiting) {
      if (!message.ok) this.emit('server-error', message.error);
      return;
    }
    this.pending.delete(message.id);
    if (message.ok) waiting.resolve(message.result);
    else waiting.reject(Object.assign(new Error(message.error), { code: message.code ?? null }));
  }
}
