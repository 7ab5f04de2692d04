// The inspector: every field of the selected entry — an event's time, type, duration, each parameter its type
// takes (envelope included) and its waveform; a parameter's or curve's ID, time, value and control points — or, with
// nothing selected, the pattern's summary. Each change is one undo step.
import { clearParameter, conformToType, isAuthored, kindOf, parameterValue, round, setParameter } from './ahap.js';
import { renderMetadata } from './metadata.js';
import { dynamicParameters, eventKinds, parametersOf } from './schema.js';

export class Inspector {
  constructor(root, { doc, selection, audioFiles, analysisSummary }) {
    this.root = root;
    this.doc = doc;
    this.selection = selection;
    this.audioFiles = audioFiles;
    this.analysisSummary = analysisSummary;
    this.deferred = false;
    doc.on('change', () => this.render());
    selection.on('change', () => this.render());
    root.addEventListener('focusout', () => {
      if (this.deferred) setTimeout(() => this.render());
    });
  }

  render() {
    // Do not rebuild under a field being typed into: its value would be lost.
    if (this.root.contains(document.activeElement) && document.activeElement.tagName === 'INPUT'
      && document.activeElement.type !== 'checkbox') {
      this.deferred = true;
      return;
    }
    this.deferred = false;
    this.root.replaceChildren();
    const index = this.selection.entry;
    const entry = index === null ? null : this.doc.entries[index];
    if (!entry) return this.renderPattern();
    if (this.selection.entries.length > 1) {
      heading(this.root, `${this.selection.entries.length} entries selected`);
      hint(this.root, `Showing Pattern[${index}], the last picked. Delete, Ctrl+C, Ctrl+D and dragging act on all of them.`);
    }
    const kind = kindOf(entry);
    heading(this.root, `${kind === 'event' ? entry.Event.EventType : kind === 'curve' ? 'ParameterCurve' : 'Parameter'} · Pattern[${index}]`);
    if (kind === 'event') this.renderEvent(index, entry.Event);
    else if (kind === 'parameter') this.renderParameter(index, entry.Parameter);
    else if (kind === 'curve') this.renderCurve(index, entry.ParameterCurve);
    const remove = button(this.root, 'Delete entry', () => {
      this.selection.clear();
      this.doc.remove(index);
    });
    remove.id = 'delete-entry';
  }

  // `change(entry)` on entry `index`, as one undo step.
  change(index, change) {
    this.doc.edit((ahap) => change(ahap.Pattern[index]));
  }

  renderPattern() {
    heading(this.root, 'Pattern');
    const summary = this.analysisSummary();
    info(this.root, 'Entries', String(this.doc.entries.length));
    info(this.root, 'Duration', summary ? `${Math.round(summary.duration * 1000)} ms` : '…');
    info(this.root, 'Version', String(this.doc.ahap.Version ?? '—'));
    renderMetadata(this.root, this.doc);
    hint(this.root, 'Double-click a lane to add an event or a curve point; drag to move; drag an edge to resize; '
      + 'drag on the ruler to select a time range, on an empty lane to select entries. Press ? for shortcuts.');
  }

  renderEvent(index, event) {
    numberField(this.root, 'Time', event.Time, 'Time', { min: 0, step: 0.001 }, (value) =>
      this.change(index, (entry) => { entry.Event.Time = round(Math.max(0, value)); }));
    selectField(this.root, 'EventType', event.EventType, eventKinds().map((kind) => kind.type), (type) =>
      this.change(index, (entry) => { entry.Event.EventType = type; conformToType(entry.Event); }));
    if (event.EventType !== 'HapticTransient') {
      numberField(this.root, 'EventDuration', event.EventDuration ?? 0, 'EventDuration', { min: 0, step: 0.001 }, (value) =>
        this.change(index, (entry) => {
          if (value > 0) entry.Event.EventDuration = round(value);
          else delete entry.Event.EventDuration;
        }));
    }
    heading(this.root, 'Parameters', 'h3');
    for (const parameter of parametersOf(event.EventType)) {
      this.parameterRow(index, event, parameter);
    }
    if (event.EventType === 'AudioCustom') {
      heading(this.root, 'Waveform', 'h3');
      const files = this.audioFiles();
      const current = event.EventWaveformPath ?? '';
      const choices = files.includes(current) || !current ? files : [current, ...files];
      selectField(this.root, 'EventWaveformPath', current, choices, (path) =>
        this.change(index, (entry) => { entry.Event.EventWaveformPath = path; }));
      checkField(this.root, 'UseVolumeEnvelope', event.EventWaveformUseVolumeEnvelope ?? true, (value) =>
        this.change(index, (entry) => { entry.Event.EventWaveformUseVolumeEnvelope = value; }));
      checkField(this.root, 'LoopEnabled', event.EventWaveformLoopEnabled ?? false, (value) =>
        this.change(index, (entry) => { entry.Event.EventWaveformLoopEnabled = value; }));
    }
  }

  parameterRow(index, event, parameter) {
    const authored = isAuthored(event, parameter.id);
    const value = parameterValue(event, parameter.id);
    const row = document.createElement('div');
    row.className = `param${authored ? '' : ' default'}`;
    const name = document.createElement('span');
    name.textContent = parameter.id;
    name.title = authored ? parameter.id : `${parameter.id} (default)`;
    const slider = input('range', value, { min: parameter.min, max: parameter.max, step: 0.01 });
    const number = input('number', value, { min: parameter.min, max: parameter.max, step: 0.01 });
    number.dataset.param = parameter.id;
    slider.dataset.paramSlider = parameter.id;
    const apply = (raw) => {
      if (String(raw).trim() === '') return;
      const parsed = Number(raw);
      if (!Number.isFinite(parsed)) return;
      const clamped = Math.min(parameter.max, Math.max(parameter.min, parsed));
      this.change(index, (entry) => setParameter(entry.Event, parameter.id, clamped));
    };
    slider.addEventListener('input', () => { number.value = slider.value; });
    slider.addEventListener('change', () => apply(slider.value));
    number.addEventListener('change', () => apply(number.value));
    number.addEventListener('keydown', (keyEvent) => { if (keyEvent.key === 'Enter') number.blur(); });
    const reset = document.createElement('button');
    reset.textContent = '×';
    reset.title = 'Back to the default';
    reset.disabled = !authored;
    reset.addEventListener('click', () => this.change(index, (entry) => clearParameter(entry.Event, parameter.id)));
    row.append(name, slider, number, reset);
    this.root.appendChild(row);
  }

  renderParameter(index, parameter) {
    const ids = dynamicParameters().map((candidate) => candidate.id);
    selectField(this.root, 'ParameterID', parameter.ParameterID, ids, (id) =>
      this.change(index, (entry) => { entry.Parameter.ParameterID = id; }));
    numberField(this.root, 'Time', parameter.Time, 'Time', { min: 0, step: 0.001 }, (value) =>
      this.change(index, (entry) => { entry.Parameter.Time = round(Math.max(0, value)); }));
    numberField(this.root, 'ParameterValue', parameter.ParameterValue, 'ParameterValue', { step: 0.01 }, (value) =>
      this.change(index, (entry) => { entry.Parameter.ParameterValue = round(value); }));
  }

  renderCurve(index, curveEntry) {
    const ids = dynamicParameters().map((candidate) => candidate.id);
    selectField(this.root, 'ParameterID', curveEntry.ParameterID, ids, (id) =>
      this.change(index, (entry) => { entry.ParameterCurve.ParameterID = id; }));
    numberField(this.root, 'Time', curveEntry.Time, 'Time', { min: 0, step: 0.001 }, (value) =>
      this.change(index, (entry) => { entry.ParameterCurve.Time = round(Math.max(0, value)); }));
    heading(this.root, 'Control points', 'h3');
    const table = document.createElement('table');
    curveEntry.ParameterCurveControlPoints.forEach((point, pointIndex) => {
      const row = table.insertRow();
      if (this.selection.point === pointIndex) row.className = 'selected';
      const time = input('number', point.Time, { min: 0, step: 0.001 });
      const value = input('number', point.ParameterValue, { step: 0.01 });
      time.addEventListener('change', () => this.change(index, (entry) => {
        entry.ParameterCurve.ParameterCurveControlPoints[pointIndex].Time = round(Math.max(0, Number(time.value)));
        entry.ParameterCurve.ParameterCurveControlPoints.sort((a, b) => a.Time - b.Time);
      }));
      value.addEventListener('change', () => this.change(index, (entry) => {
        entry.ParameterCurve.ParameterCurveControlPoints[pointIndex].ParameterValue = round(Number(value.value));
      }));
      const remove = document.createElement('button');
      remove.textContent = '×';
      remove.disabled = curveEntry.ParameterCurveControlPoints.length <= 1;
      remove.addEventListener('click', () => this.change(index, (entry) => {
        entry.ParameterCurve.ParameterCurveControlPoints.splice(pointIndex, 1);
      }));
      row.insertCell().appendChild(time);
      row.insertCell().appendChild(value);
      row.insertCell().appendChild(remove);
    });
    this.root.appendChild(table);
    button(this.root, 'Add point', () => this.change(index, (entry) => {
      const list = entry.ParameterCurve.ParameterCurveControlPoints;
      const last = list[list.length - 1] ?? { Time: 0, ParameterValue: 0.5 };
      list.push({ Time: round(last.Time + 0.1), ParameterValue: last.ParameterValue });
    }));
  }
}

function heading(root, textContent, level = 'h2') {
  const node = document.createElement(level);
  node.textContent = textContent;
  root.appendChild(node);
}

function hint(root, textContent) {
  const node = document.createElement('p');
  node.className = 'hint';
  node.textContent = textContent;
  root.appendChild(node);
}

function info(root, name, value) {
  const label = document.createElement('label');
  const key = document.createElement('span');
  key.textContent = name;
  const content = document.createElement('span');
  content.textContent = value;
  label.append(key, content);
  root.appendChild(label);
}

function input(type, value, attributes) {
  const node = document.createElement('input');
  node.type = type;
  for (const [key, attribute] of Object.entries(attributes)) node.setAttribute(key, String(attribute));
  node.value = String(value);
  return node;
}

function labelled(root, name, control) {
  const label = document.createElement('label');
  const key = document.createElement('span');
  key.textContent = name;
  label.append(key, control);
  root.appendChild(label);
}

function numberField(root, name, value, field, attributes, apply) {
  const node = input('number', value, attributes);
  node.dataset.field = field;
  node.addEventListener('change', () => {
    if (node.value.trim() === '') return;
    const parsed = Number(node.value);
    if (Number.isFinite(parsed)) apply(parsed);
  });
  node.addEventListener('keydown', (event) => { if (event.key === 'Enter') node.blur(); });
  labelled(root, name, node);
}

function selectField(root, name, value, options, apply) {
  const node = document.createElement('select');
  node.dataset.field = name;
  for (const option of options) node.add(new Option(option, option, false, option === value));
  node.addEventListener('change', () => apply(node.value));
  labelled(root, name, node);
}

function checkField(root, name, value, apply) {
  const node = input('checkbox', '', {});
  node.checked = value;
  node.dataset.field = name;
  node.addEventListener('change', () => apply(node.checked));
  labelled(root, name, node);
}

function button(root, label, action) {
  const node = document.createElement('button');
  node.textContent = label;
  node.addEventListener('click', action);
  root.appendChild(node);
  return node;
}
