// Play, stop and loop on the chosen output through the server's engine, with a playhead. While looping, every edit
// is sent on (`update`) so the next pass plays it.
export class Transport {
  constructor({ controls, connection, doc, selection, timeline, status }) {
    Object.assign(this, { controls, connection, doc, selection, timeline, status });
    this.playing = false;
    this.pass = null; // {offset, duration, startedAt (performance.now() ms), loop}
    this.frame = 0;
    this.updateTimer = 0;
    controls.play.addEventListener('click', () => this.play());
    controls.stop.addEventListener('click', () => this.stop());
    controls.output.addEventListener('change', () => {
      this.showOutputLabel();
      this.chooseOutput(controls.output.value);
    });
    connection.on('pass', (pass) => this.startPass(pass));
    connection.on('stopped', (info) => this.stopped(info.message));
    connection.on('failed', (info) => {
      this.stopped('failed');
      status.error(`Playback failed: ${info.message}`);
    });
    doc.on('change', () => {
      if (!this.playing || !this.controls.loop.checked) return;
      clearTimeout(this.updateTimer);
      this.updateTimer = setTimeout(() => this.sendUpdate(), 40);
    });
  }

  setOutputs(outputs, current) {
    this.controls.output.replaceChildren(...outputs.map((output) => {
      const option = new Option(output.label, output.id, false, output.id === current);
      option.title = output.label;
      return option;
    }));
    this.showOutputLabel();
  }

  // The chosen output's whole label as the menu's tooltip, in case a very long one is cut at the window's edge.
  showOutputLabel() {
    this.controls.output.title = this.controls.output.selectedOptions[0]?.textContent ?? '';
  }

  toggle() {
    if (this.playing) this.stop();
    else this.play();
  }

  request() {
    const fields = { ahap: this.doc.text(), dir: this.doc.dir, path: this.doc.path ?? this.doc.savePath };
    if (this.controls.selectionOnly.checked && this.selection.range) {
      [fields.from, fields.to] = this.selection.range;
    }
    return fields;
  }

  async play() {
    try {
      await this.connection.request('play', { ...this.request(), loop: this.controls.loop.checked });
      this.playing = true;
      this.controls.play.classList.add('playing');
      this.status.show(`Playing on ${this.controls.output.selectedOptions[0]?.textContent ?? 'the output'}`);
    } catch (error) {
      this.status.error(error.message);
    }
  }

  async stop() {
    try {
      await this.connection.request('stop');
    } catch (error) {
      this.status.error(error.message);
    }
    this.stopped('stopped');
  }

  async sendUpdate() {
    try {
      await this.connection.request('update', this.request());
    } catch (error) {
      this.status.error(`The edit is not played: ${error.message}`);
    }
  }

  async chooseOutput(id) {
    try {
      await this.connection.request('output', { output: id });
      // What played has stopped (the server says so if anything did); the status names the new output.
      this.stopped(null);
      this.status.show(`Output: ${this.controls.output.selectedOptions[0]?.textContent ?? id}`);
    } catch (error) {
      this.status.error(error.message);
    }
  }

  startPass(pass) {
    this.pass = { ...pass, startedAt: performance.now() + pass.delay * 1000 };
    if (!this.frame) this.frame = requestAnimationFrame(() => this.animate());
  }

  stopped(reason) {
    this.playing = false;
    this.pass = null;
    this.controls.play.classList.remove('playing');
    this.timeline.showPlayhead(null);
    if (reason && reason !== 'stopped') this.status.show(`Playback ${reason}`);
  }

  // The playhead follows the current pass; no animation runs while nothing plays.
  animate() {
    this.frame = 0;
    if (!this.pass) return;
    const elapsed = (performance.now() - this.pass.startedAt) / 1000;
    const time = this.pass.offset + Math.min(Math.max(elapsed, 0), this.pass.duration);
    this.timeline.showPlayhead(time);
    if (elapsed <= this.pass.duration || this.pass.loop) this.frame = requestAnimationFrame(() => this.animate());
  }
}
