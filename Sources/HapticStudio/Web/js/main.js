// Starts the page: connects with the token from the URL, learns the schema and outputs, lists the folder, opens
// its first pattern, and wires the panels together.
import { curve, round } from './ahap.js';
import { AnalysisClient } from './analysis.js';
import { EntryClipboard } from './clipboard.js';
import { ConfirmDialog, writeAsking } from './confirm.js';
import { Connection } from './connection.js';
import { PatternDocument } from './document.js';
import { Exporter } from './exporter.js';
import { FilesPanel } from './files.js';
import { FindingsPanel } from './findings.js';
import { Importer } from './importer.js';
import { Inspector } from './inspector.js';
import { setSchema } from './schema.js';
import { Selection } from './selection.js';
import { attachShortcuts, fillHelp } from './shortcuts.js';
import { Status } from './status.js';
import { Timeline } from './timeline.js';
import { Transport } from './transport.js';
import { TimelineView } from './view.js';

const $ = (id) => document.getElementById(id);

async function start() {
  const status = new Status($('status'), $('notes'));
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const connection = new Connection(token);
  try {
    await connection.open();
  } catch (error) {
    status.error(`${error.message}: open the URL haptic studio printed`);
    return;
  }
  connection.on('close', () => status.error('The studio closed the connection; restart haptic studio and reload.'));
  connection.on('server-error', (message) => status.error(message));
  const hello = await connection.request('hello');
  setSchema(hello.schema);
  document.title = `${hello.folder} — Haptic Studio`;

  const doc = new PatternDocument();
  const view = new TimelineView();
  const selection = new Selection();
  const confirmDialog = new ConfirmDialog($('confirm-dialog'));
  let analysis = null;
  const files = new FilesPanel({
    patternList: $('pattern-list'), exportList: $('export-list'), exportGroup: $('export-group'), audioList: $('audio-list'),
    newButton: $('new-pattern'), connection, doc, status, confirm: confirmDialog,
    onOpened: () => {
      selection.clear();
      selection.setRange(null);
    },
  });
  const timeline = new Timeline($('timeline'), { doc, view, selection, audioFiles: () => files.audioForPattern() });
  const inspector = new Inspector($('inspector'), {
    doc, selection, audioFiles: () => files.audioForPattern(), analysisSummary: () => analysis,
  });
  const findings = new FindingsPanel($('findings'), $('findings-count'), { selection });
  // Every new document (opened, new, imported) is fitted once its first analysis says how long it is; an empty one
  // shows its first second.
  let fitWhenAnalyzed = true;
  const fitPattern = (duration) => view.fit(doc.entries.length ? duration : 1);
  new AnalysisClient({
    connection, doc, view,
    onResult: (result) => {
      analysis = result;
      findings.show(result);
      if (fitWhenAnalyzed) {
        fitWhenAnalyzed = false;
        fitPattern(result.duration);
      }
      timeline.setAnalysis(result);
      if (selection.entry === null) inspector.render();
    },
    onError: (error) => status.error(error.message),
  });
  const transport = new Transport({
    controls: { play: $('play'), stop: $('stop'), loop: $('loop'), selectionOnly: $('selection-only'), output: $('output') },
    connection, doc, selection, timeline, status,
  });
  transport.setOutputs(hello.outputs, hello.output);
  const exporter = new Exporter({
    dialog: $('export-dialog'), connection, doc, status, confirm: confirmDialog, onWritten: () => files.refresh(),
    controls: { format: $('export-format'), path: $('export-path'), step: $('export-step'), run: $('export-run'),
      notes: $('export-notes'), preview: $('export-preview') },
  });
  new Importer({
    button: $('import-audio'), dialog: $('import-dialog'), connection, doc, files, status, available: hello.importFromAudio,
    controls: { path: $('import-path'), sensitivity: $('import-sensitivity'), content: $('import-content'),
      maxRate: $('import-max-rate'), band: $('import-band'), split: $('import-split'), run: $('import-run'),
      error: $('import-error') },
  });
  const clipboard = new EntryClipboard({ doc, selection, status });

  // Saves to the name in the file box. The document's own file (opened from or saved to, name unchanged) is
  // replaced at once; any other existing file only after the designer says so.
  const save = async () => {
    const path = $('save-path').value.trim();
    try {
      const saved = await writeAsking(connection, confirmDialog, 'save', { path, ahap: doc.text(), dir: doc.dir },
        { replace: path === doc.ownPath });
      if (saved === null) {
        status.show(`Not saved: ${path} kept as it was`);
        return;
      }
      doc.saved(saved.ahap, saved.path);
      status.show(`Saved ${saved.path} (${saved.bytes} bytes)`);
      await files.refresh();
    } catch (error) {
      status.error(error.message);
    }
  };
  // The file box shows the document's name when a document arrives (opened, new, imported, saved); between those,
  // what the designer types there stays, whatever they edit.
  const undoRedo = (change = {}) => {
    $('undo').disabled = !doc.history.canUndo;
    $('redo').disabled = !doc.history.canRedo;
    if (change.reset || change.saved) $('save-path').value = doc.savePath;
    if (change.reset) fitWhenAnalyzed = true;
    const dirty = doc.isDirty;
    $('dirty').hidden = !dirty;
    document.body.dataset.dirty = String(dirty);
    document.title = `${dirty ? '• ' : ''}${hello.folder} — Haptic Studio`;
  };
  doc.on('change', undoRedo);
  const addCurve = () => {
    const added = doc.add(curve('HapticIntensityControl', selection.cursor, [[0, 1], [0.2, 0.3]]));
    selection.select(added, 0);
  };
  const nudge = (steps) => {
    const index = selection.entry;
    const entry = index === null ? null : doc.entries[index];
    const target = entry?.Event ?? entry?.Parameter ?? entry?.ParameterCurve;
    if (!target) return;
    const step = view.snapStep || 0.001;
    doc.edit(() => { target.Time = round(Math.max(0, target.Time + steps * step)); });
  };
  const actions = {
    undo: () => doc.undo(), redo: () => doc.redo(), save,
    togglePlay: () => transport.toggle(),
    toggleLoop: () => { $('loop').checked = !$('loop').checked; },
    addTransient: () => timeline.addTransient(), addContinuous: () => timeline.addContinuous(),
    addAudio: () => timeline.addAudio(), addCurve,
    deleteSelected: () => clipboard.remove(),
    copy: () => clipboard.copy(), paste: () => clipboard.paste(), duplicate: () => clipboard.duplicate(),
    selectAll: () => selection.selectMany(doc.entries.map((_, index) => index)),
    nudge, zoom: (factor) => view.zoom(factor), fit: () => fitPattern(analysis?.duration ?? 1),
    clear: () => { selection.clear(); selection.setRange(null); },
    help: () => $('help-dialog').showModal(),
  };
  attachShortcuts(actions);
  fillHelp($('help-table'));
  const buttons = {
    save, undo: actions.undo, redo: actions.redo, 'export-open': () => exporter.open(),
    'add-transient': actions.addTransient, 'add-continuous': actions.addContinuous, 'add-audio': actions.addAudio,
    'add-curve': addCurve, 'zoom-in': () => view.zoom(1.5), 'zoom-out': () => view.zoom(1 / 1.5), 'zoom-fit': actions.fit,
    'help-open': actions.help,
  };
  for (const [id, action] of Object.entries(buttons)) $(id).addEventListener('click', action);
  $('snap').addEventListener('change', () => { view.snapStep = Number($('snap').value); });
  view.snapStep = Number($('snap').value);
  window.addEventListener('beforeunload', (event) => {
    if (doc.isDirty) event.preventDefault();
  });

  await files.refresh();
  const first = $('pattern-list').firstElementChild;
  if (first) await files.open(first.dataset.path);
  else await files.newPattern();
  undoRedo();
  // A read-only look at the model, for tools that drive the page (the browser test counts events in it).
  window.studioProbe = Object.freeze({
    pattern: () => JSON.parse(doc.text()),
    selected: () => [...selection.entries],
    cursor: () => selection.cursor,
    window: () => ({ start: view.start, end: view.end }),
  });
  document.body.dataset.ready = 'true';
}

start();
