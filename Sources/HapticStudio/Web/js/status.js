// The status line: what just happened, or what went wrong, in words.
export class Status {
  constructor(line, notes) {
    this.line = line;
    this.notes = notes;
  }

  show(message) {
    this.line.textContent = message;
    this.line.className = '';
  }

  error(message) {
    this.line.textContent = message;
    this.line.className = 'error';
  }

  // A converter's notes (lossy first, as the server orders them).
  showNotes(notes) {
    this.notes.replaceChildren(...notes.map((note) => {
      const item = document.createElement('li');
      item.textContent = `${note.severity === 'lossy' ? 'approximated' : 'note'}: ${note.message}`;
      return item;
    }));
  }
}
