// The folder panel: its patterns (open one to edit it) and its audio files (for custom-audio events).
export class FilesPanel {
  constructor({ patternList, audioList, newButton, connection, doc, status, onOpened }) {
    Object.assign(this, { patternList, audioList, connection, doc, status, onOpened });
    this.audio = [];
    newButton.addEventListener('click', () => this.newPattern());
  }

  async refresh() {
    const listing = await this.connection.request('list');
    this.audio = listing.audio;
    this.patternList.replaceChildren(...listing.patterns.map((path) => this.item(path, () => this.open(path))));
    this.audioList.replaceChildren(...listing.audio.map((path) => this.item(path)));
    this.markCurrent();
  }

  item(path, action) {
    const node = document.createElement('li');
    node.textContent = path;
    node.dataset.path = path;
    if (action) node.addEventListener('click', action);
    return node;
  }

  markCurrent() {
    for (const node of this.patternList.children) node.classList.toggle('current', node.dataset.path === this.doc.path);
  }

  // Audio paths as a custom-audio event of the open pattern names them (relative to the pattern's folder).
  audioForPattern() {
    const prefix = this.doc.dir ? `${this.doc.dir}/` : '';
    return this.audio.filter((path) => path.startsWith(prefix)).map((path) => path.slice(prefix.length));
  }

  async open(path) {
    if (this.doc.isDirty && !confirm('Discard the unsaved changes?')) return;
    try {
      const opened = await this.connection.request('open', { path });
      this.doc.load(opened.ahap, { path: opened.path, dir: opened.dir, savePath: opened.savePath });
      this.status.show(`Opened ${opened.path}${opened.format === 'ahap' ? '' : ` (read from ${opened.format}; saves as ${opened.savePath})`}`);
      this.status.showNotes(opened.notes);
      this.markCurrent();
      this.onOpened();
    } catch (error) {
      this.status.error(error.message);
    }
  }

  newPattern() {
    if (this.doc.isDirty && !confirm('Discard the unsaved changes?')) return;
    this.doc.load(JSON.stringify({ Version: 1.0, Pattern: [] }), { savePath: 'untitled.ahap' });
    this.status.show('New pattern');
    this.status.showNotes([]);
    this.markCurrent();
    this.onOpened();
  }
}
