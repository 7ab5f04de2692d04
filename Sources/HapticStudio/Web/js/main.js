// Starts the page: connects with the token from the URL, learns the schema and outputs, lists the folder, opens
// its first pattern, and wires the panels together.
import { curve, round } from './ahap.js';
import { AnalysisClient } from './analysis.js';
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
  let analysis = null;
  const files = new FilesPanel({
    patternList: $('pattern-list'), audioList: $('audio-list'), newButton: $('new-pattern'), connection, doc, status,
    onOpened: () => {
      selection.clear();
      selection.setRange(null);
      fitWhenAnalysed = true;
    },
  });
  const timeline = new Timeline($('timeline'), { doc, view, selection, audioFiles: () => files.audioForPattern() });
  const inspector = new Inspector($('inspector'), {
    doc, selection, audioFiles: () => files.audioForPattern(), analysisSummary: () => analysis,
  });
  const findings = new FindingsPanel($('findings'), $('findings-count'), { selection });
  let fitWhenAnalysed = true;
  new AnalysisClient({
    connection, doc, view,
    onResult: (result) => {
      analysis = result;
      findings.show(result);
      if (fitWhenAnalysed) {
        fitWhenAnalysed = false;
        view.fit(result.duration);
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
    dialog: $('export-dialog'), connection, doc, status,
    controls: { format: $('export-format'), path: $('export-path'), step: $('export-step'), run: $('export-run'),
      notes: $('export-notes'), preview: $('export-preview') },
  });
  new Importer({ button: $('import-audio'), connection, doc, files, status, available: hello.importFromAudio });

  const save = async () => {
    const path = $('save-path').value.trim();
    try {
      const saved = await connection.request('save', { path, ahap: doc.text(), dir: doc.dir });
      doc.saved(saved.ahap, saved.path);
      status.show(`Saved ${saved.path} (${saved.bytes} bytes)`);
      await files.refresh();
    } catch (error) {
      status.error(error.message);
    }
  };
  const undoRedo = () => {
    $('undo').disabled = !doc.history.canUndo;
    $('redo').disabled = !doc.history.canRedo;
    $('save-path').value = doc.savePath;
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
    deleteSelected: () => {
      if (selection.entry === null) return;
      const index = selection.entry;
      selection.clear();
      doc.remove(index);
    },
    nudge, zoom: (factor) => view.zoom(factor), fit: () => view.fit(analysis?.duration ?? 1),
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
  else files.newPattern();
  undoRedo();
  document.body.dataset.ready = 'true';
}

start();
