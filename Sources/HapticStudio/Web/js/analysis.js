// Asks the server to check, lint and compute the lanes of the pattern as edited, a moment after each change or
// view move; a reply to an older request than the newest is dropped.
export class AnalysisClient {
  constructor({ connection, doc, view, onResult, onError }) {
    Object.assign(this, { connection, doc, view, onResult, onError });
    this.timer = 0;
    this.sequence = 0;
    this.latest = null;
    doc.on('change', (change) => {
      // A new document: a reply still on its way is about the previous one (it would fit the view to its length).
      if (change?.reset) this.sequence += 1;
      this.schedule(120);
    });
    view.on('change', () => this.schedule(150));
  }

  schedule(delay) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.run(), delay);
  }

  async run() {
    const sequence = ++this.sequence;
    const from = this.view.start;
    const to = Math.max(this.view.end, from + 0.01);
    try {
      const result = await this.connection.request('analyze', {
        ahap: this.doc.text(), dir: this.doc.dir, path: this.doc.path ?? this.doc.savePath,
        from, to, columns: Math.max(1, Math.min(4096, Math.round(this.view.width))),
      });
      if (sequence !== this.sequence) return;
      this.latest = result;
      this.onResult(result);
    } catch (error) {
      if (sequence === this.sequence) this.onError(error);
    }
  }
}
