// The folder panel: its patterns (open one to edit it), the exports the studio recognises (listed apart, not
// openable as patterns), and its audio files (for custom-audio events and import).
export class FilesPanel {
  constructor({ patternList, exportList, exportGroup, audioList, newButton, connection, doc, status, confirm, onOpened }) {
    Object.assign(this, { patternList, exportList, exportGroup, audioList, connection, doc, status, confirm, onOpened });
    this.audio = [];
    newButton.addEventListener('click', () => this.newPattern());
  }

  async refresh() {
    const listing = await this.connection.request('list');
    this.audio = listing.audio;
    // `exports` is newer than the rest of the listing: a server without it lists no exports.
    const exports = Array.isArray(listing.exports) ? listing.exports : [];
    const exported = new Set(exports);
    const patterns = listing.patterns.filter((path) => !exported.has(path));
    this.patternList.replaceChildren(...patterns.map((path) => this.item(path, () => this.open(path))));
    this.exportList.replaceChildren(...exports.map((path) => {
      const node = this.item(path);
      node.classList.add('export');
      node.title = 'An export of a pattern (save patterns as .ahap; exports are not opened as patterns)';
      return node;
    }));
    this.exportGroup.hidden = exports.length === 0;
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

  // Whether the unsaved changes may go (asked in the page; true when there are none).
  async confirmDiscard() {
    if (!this.doc.isDirty) return true;
    return this.confirm.ask('The pattern has unsaved changes. Discard them?', { yes: 'Discard', no: 'Keep editing' });
  }

  async open(path) {
    if (!(await this.confirmDiscard())) return;
    try {
      const opened = await this.connection.request('open', { path });
      this.doc.load(opened.ahap, { path: opened.path, dir: opened.dir, savePath: opened.savePath, ownPath: opened.savePath });
      this.status.show(`Opened ${opened.path}${opened.format === 'ahap' ? '' : ` (read from ${opened.format}; saves as ${opened.savePath})`}`);
      this.status.showNotes(opened.notes);
      this.markCurrent();
      this.onOpened();
    } catch (error) {
      this.status.error(error.message);
    }
  }

  async newPattern() {
    if (!(await this.confirmDiscard())) return;
    this.doc.load(JSON.stringify({ Version: 1.0, Pattern: [] }), { savePath: 'untitled.ahap' });
    this.status.show('New pattern');
    this.status.showNotes([]);
    this.markCurrent();
    this.onOpened();
  }
}
