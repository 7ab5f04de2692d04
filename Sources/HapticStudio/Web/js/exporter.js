// Export to .haptic, Android, Web or gamepad through the server's converters, with the converter's notes shown. An
// existing file is replaced only after the designer says so.
import { writeAsking } from './confirm.js';

const EXTENSIONS = { haptic: 'haptic', android: 'json', web: 'json', gamepad: 'json' };
const SUFFIXES = { haptic: '', android: '.android', web: '.web', gamepad: '.gamepad' };

export class Exporter {
  constructor({ dialog, controls, connection, doc, status, confirm, onWritten }) {
    Object.assign(this, { dialog, controls, connection, doc, status, confirm, onWritten });
    controls.format.addEventListener('change', () => { controls.path.value = this.defaultPath(); });
    controls.run.addEventListener('click', (event) => {
      event.preventDefault();
      this.run();
    });
  }

  defaultPath() {
    const format = this.controls.format.value;
    const base = (this.doc.savePath || 'untitled.ahap').replace(/\.[^./]+$/, '');
    return `${base}${SUFFIXES[format]}.${EXTENSIONS[format]}`;
  }

  open() {
    this.controls.path.value = this.defaultPath();
    this.controls.notes.replaceChildren();
    this.controls.preview.textContent = '';
    this.dialog.showModal();
  }

  async run() {
    try {
      const result = await writeAsking(this.connection, this.confirm, 'export', {
        ahap: this.doc.text(), dir: this.doc.dir, path: this.controls.path.value, format: this.controls.format.value,
        step: Number(this.controls.step.value),
      });
      if (result === null) {
        this.status.show(`Not exported: ${this.controls.path.value} kept as it was`);
        return;
      }
      this.onWritten?.();
      const notes = result.notes.length ? result.notes : [{ severity: 'info', message: 'lossless' }];
      this.controls.notes.replaceChildren(...notes.map((note) => {
        const item = document.createElement('li');
        item.textContent = `${note.severity === 'lossy' ? 'approximated' : 'note'}: ${note.message}`;
        return item;
      }));
      this.controls.preview.textContent = result.preview;
      this.status.show(`Exported ${result.path} (${result.lossless ? 'lossless' : 'with approximations'})`);
      this.status.showNotes(result.notes);
    } catch (error) {
      this.status.error(error.message);
      this.controls.notes.replaceChildren(Object.assign(document.createElement('li'), { textContent: error.message }));
    }
  }
}
