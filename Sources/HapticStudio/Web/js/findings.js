// Validation problems and lint findings, each with its guideline; clicking one selects the entry it points at.
export class FindingsPanel {
  constructor(list, count, { selection }) {
    this.list = list;
    this.count = count;
    this.selection = selection;
  }

  show(analysis) {
    const items = [];
    for (const problem of analysis.problems) {
      const where = problem.path ? `${problem.path}: ` : '';
      items.push(this.item(problem.severity, `${where}${problem.message}`, null, problem.entry));
    }
    for (const finding of analysis.lint) {
      items.push(this.item(finding.severity, `[${finding.rule}] ${finding.message}`, `${finding.guideline} — ${finding.source}`,
        finding.entry));
    }
    this.list.replaceChildren(...items);
    const errors = analysis.problems.filter((problem) => problem.severity === 'error').length;
    this.count.textContent = items.length ? `(${errors} error${errors === 1 ? '' : 's'}, ${items.length - errors} other${items.length - errors === 1 ? '' : 's'})` : '(none)';
  }

  item(severity, message, guideline, entry) {
    const node = document.createElement('li');
    node.className = severity;
    node.textContent = `${severity}: ${message}`;
    if (guideline) {
      const source = document.createElement('div');
      source.className = 'guideline';
      source.textContent = guideline;
      node.appendChild(source);
    }
    if (entry !== null && entry !== undefined) {
      node.dataset.entry = entry;
      node.addEventListener('click', () => this.selection.select(entry));
    }
    return node;
  }
}
