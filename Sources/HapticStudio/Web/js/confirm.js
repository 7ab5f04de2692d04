// An in-page yes/no question (a <dialog>, not window.confirm: the page stays scriptable and styled): resolves true
// for the yes button, false for no, Escape or closing.
export class ConfirmDialog {
  constructor(dialog) {
    this.dialog = dialog;
    this.message = dialog.querySelector('#confirm-message');
    this.yes = dialog.querySelector('#confirm-yes');
    this.pending = null;
    dialog.addEventListener('close', () => this.answer(dialog.returnValue === 'yes'));
  }

  ask(message, { yes = 'Replace', no = 'Cancel' } = {}) {
    this.answer(false);
    this.message.textContent = message;
    this.yes.textContent = yes;
    this.dialog.querySelector('#confirm-no').textContent = no;
    this.dialog.returnValue = '';
    this.dialog.showModal();
    return new Promise((resolve) => { this.pending = resolve; });
  }

  answer(value) {
    const pending = this.pending;
    this.pending = null;
    if (pending) pending(value);
  }
}

// Sends a save or export; when the server answers that the file exists (code "exists"), asks before replacing it
// and resends with replace: true only on yes. `replace` is sent at once for the document's own file. Resolves with
// the result, or null when the designer said no.
export async function writeAsking(connection, confirm, type, fields, { replace = false } = {}) {
  try {
    return await connection.request(type, replace ? { ...fields, replace: true } : fields);
  } catch (error) {
    if (error.code !== 'exists') throw error;
  }
  const yes = await confirm.ask(`${fields.path} already exists in the folder. Replace it?`);
  if (!yes) return null;
  return connection.request(type, { ...fields, replace: true });
}
