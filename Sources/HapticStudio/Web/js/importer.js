// Import from audio: a sound of the folder becomes a new pattern through HapticAnalysis (taps at its hits,
// continuous events under its sustained parts, the sound itself as an AudioCustom event), with the options of
// `haptic from-audio`: sensitivity, transients or continuous only, the most taps a second, and a band split (the
// pattern of the sound below or above a frequency). The server says in its hello whether this build has it, and
// range-checks every option.
export class Importer {
  constructor({ button, dialog, controls, connection, doc, files, status, available }) {
    Object.assign(this, { button, dialog, controls, connection, doc, files, status });
    button.disabled = !available;
    button.title = available
      ? 'Make a pattern from an audio file of the folder'
      : 'Import from audio is not available in this build';
    button.addEventListener('click', () => this.open());
    controls.band.addEventListener('change', () => this.showSplit());
    controls.run.addEventListener('click', (event) => {
      event.preventDefault();
      this.run();
    });
  }

  open() {
    const sounds = this.files.audio;
    if (!sounds.length) {
      this.status.error('There is no audio file (.wav) in the folder to import; put one there and reload the list.');
      return;
    }
    const current = this.controls.path.value;
    this.controls.path.replaceChildren(...sounds.map((path) => new Option(path, path, false, path === current)));
    this.controls.error.textContent = '';
    this.showSplit();
    this.dialog.showModal();
  }

  showSplit() {
    this.controls.split.disabled = this.controls.band.value === 'whole';
  }

  // The options as the request carries them (`haptic from-audio`'s flags), read from the dialog's fields.
  options() {
    const { sensitivity, content, maxRate, band, split } = this.controls;
    const fields = { sensitivity: Number(sensitivity.value), content: content.value, maxRate: Number(maxRate.value) };
    if (band.value !== 'whole') Object.assign(fields, { band: band.value, splitBands: Number(split.value) });
    return fields;
  }

  async run() {
    const path = this.controls.path.value;
    if (!path) return;
    const fields = this.options();
    for (const [name, value] of Object.entries(fields)) {
      if (typeof value === 'number' && !Number.isFinite(value)) {
        this.controls.error.textContent = `${name} must be a number`;
        return;
      }
    }
    this.controls.run.disabled = true;
    try {
      if (this.doc.isDirty && !(await this.files.confirmDiscard())) return;
      const result = await this.connection.request('importAudio', { path, ...fields });
      const base = path.replace(/\.[^./]+$/, '');
      const suffix = fields.band ? `-${fields.band}` : '';
      this.doc.load(result.ahap, {
        dir: path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '', savePath: `${base}${suffix}.ahap`,
      });
      this.dialog.close();
      this.status.show(`Imported ${path}; not saved yet`);
      this.status.showNotes([]);
    } catch (error) {
      this.controls.error.textContent = error.message;
      this.status.error(error.message);
    } finally {
      this.controls.run.disabled = false;
    }
  }
}
