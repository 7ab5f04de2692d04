// Import from audio: an audio file of the folder becomes a new pattern through HapticAnalysis (taps at its hits,
// continuous events under its sustained parts, the sound itself as an AudioCustom event). The server says in its hello
// whether this build has it.
export class Importer {
  constructor({ button, connection, doc, files, status, available }) {
    Object.assign(this, { button, connection, doc, files, status });
    button.disabled = !available;
    button.title = available
      ? 'Make a pattern from an audio file of the folder'
      : 'Import from audio is not available in this build';
    button.addEventListener('click', () => this.run());
  }

  async run() {
    const [first] = this.files.audio;
    const path = prompt('Audio file to import (relative to the folder):', first ?? '');
    if (!path) return;
    try {
      const result = await this.connection.request('importAudio', { path });
      const base = path.replace(/\.[^./]+$/, '');
      this.doc.load(result.ahap, { dir: path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '', savePath: `${base}.ahap` });
      this.status.show(`Imported ${path}; not saved yet`);
    } catch (error) {
      this.status.error(error.message);
    }
  }
}
