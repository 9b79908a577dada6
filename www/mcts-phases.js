// One MCTS iteration phase by phase, at the timeline's step: Selection (the path UCT walked
// from the root), Expansion (the node it added, if any), Rollout (its moves, the depth it
// reached and its reward) and Backup (every node of the path, its N one more and its Q moved
// by the reward). Buttons (aria-pressed) choose a phase; the arrow keys on them go to the
// previous or next one. A table lists the path's nodes, with N and Q after the backup once
// the Backup phase is on show; the tree view (mcts-tree.js) marks the nodes of the phase.

import { statText } from './stats.js';

export const PHASES = ['Selection', 'Expansion', 'Rollout', 'Backup'];

export class MctsPhases {
  /** Builds the control inside `root`; `onPhase()` is told when the phase changes (the tree
   * redraws its marks). */
  constructor(root, onPhase) {
    this.iteration = null;
    this.phase = 0;
    this.actionName = String;
    this.onPhase = onPhase;
    const group = document.createElement('div');
    group.setAttribute('role', 'group');
    group.setAttribute('aria-label', 'Phases');
    group.className = 'mcts-phases';
    const label = document.createElement('span');
    label.className = 'hint';
    label.textContent = 'Phases of this step\'s iteration: ';
    group.append(label);
    this.buttons = PHASES.map((name, index) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'quiet';
      button.textContent = name;
      button.dataset.testid = `mcts-phase-${name.toLowerCase()}`;
      button.addEventListener('click', () => this.choose(index));
      button.addEventListener('keydown', (event) => this.key(event));
      group.append(button);
      return button;
    });
    this.said = document.createElement('p');
    this.said.setAttribute('aria-live', 'polite');
    this.said.dataset.testid = 'mcts-phase';
    this.table = document.createElement('table');
    this.table.className = 'stats-table';
    this.table.dataset.testid = 'mcts-iteration';
    const caption = document.createElement('caption');
    caption.textContent = 'The iteration\'s path, root first';
    const head = document.createElement('thead');
    head.innerHTML = '<tr><th scope="col">Move</th><th scope="col">Depth</th><th scope="col">N</th><th scope="col">Q</th><th scope="col">N after</th><th scope="col">Q after</th></tr>';
    this.body = document.createElement('tbody');
    this.table.append(caption, head, this.body);
    root.append(group, this.said, this.table);
    this.show(null);
  }

  /** Shows `iteration` (an IterationView, or null: no iteration at this step), naming moves
   * with `actionName(action)`; the phase on show stays. */
  show(iteration, actionName = String) {
    this.iteration = iteration;
    this.actionName = actionName;
    for (const button of this.buttons) button.disabled = !iteration;
    this.render();
  }

  choose(index) {
    this.phase = Math.max(0, Math.min(PHASES.length - 1, index));
    this.buttons[this.phase].focus();
    this.render();
    this.onPhase();
  }

  key(event) {
    const moves = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
    if (!(event.key in moves) || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    event.stopPropagation();
    this.choose(this.phase + moves[event.key]);
  }

  /** The tree node ids the phase on show marks: the selection path, the added node, the
   * rollout's start, or every node the backup changed. */
  marked() {
    const it = this.iteration;
    if (!it) return new Set();
    const path = it.path.map((n) => n.id);
    const selected = it.expanded ? path.slice(0, -1) : path;
    switch (PHASES[this.phase]) {
      case 'Selection': return new Set(selected);
      case 'Expansion': return new Set(it.expanded ? path.slice(-1) : []);
      case 'Rollout': return new Set(path.slice(-1));
      default: return new Set(path);
    }
  }

  /** The phase on show, in words. */
  words() {
    const it = this.iteration;
    if (!it) return 'No iteration at this step (step 0 is before the first).';
    const name = (node) => (node.action === null ? 'the root' : this.actionName(node.action));
    const leaf = it.path[it.path.length - 1];
    const selected = it.expanded ? it.path.slice(0, -1) : it.path;
    const line = selected.slice(1).map(name).join(' → ');
    switch (PHASES[this.phase]) {
      case 'Selection':
        return `Selection (step ${statText(it.step)}): UCT walked from the root${line ? ` through ${line}` : ' and stopped there'}, ${selected.length - 1} ${selected.length === 2 ? 'move' : 'moves'} deep.`;
      case 'Expansion':
        return it.expanded
          ? `Expansion: added the node ${name(leaf)} at depth ${leaf.depth}.`
          : `Expansion: no node added (the walk ended at a terminal state or the depth limit, at depth ${leaf.depth}).`;
      case 'Rollout':
        return `Rollout: ${it.rolloutMoves} random ${it.rolloutMoves === 1 ? 'move' : 'moves'} from depth ${leaf.depth} to depth ${it.rolloutDepth}; reward ${it.reward.toFixed(3)} for the player to move at the root.`;
      default:
        return `Backup: N and Q changed on ${it.path.length} ${it.path.length === 1 ? 'node' : 'nodes'}; the root's N went from ${statText(it.path[0].visitsBefore)} to ${statText(it.path[0].visitsAfter)}.`;
    }
  }

  render() {
    this.said.textContent = this.words();
    this.said.dataset.phase = PHASES[this.phase].toLowerCase();
    this.buttons.forEach((button, index) => button.setAttribute('aria-pressed', String(index === this.phase)));
    const it = this.iteration;
    const backedUp = PHASES[this.phase] === 'Backup';
    const rows = (it?.path ?? []).map((node, index) => {
      const added = it.expanded && index === it.path.length - 1;
      const shown = PHASES[this.phase] !== 'Selection' || !added;
      if (!shown) return null;
      const tr = document.createElement('tr');
      const cells = [
        node.action === null ? 'Root' : this.actionName(node.action) + (added ? ' (added)' : ''),
        String(node.depth),
        statText(node.visitsBefore),
        node.visitsBefore ? node.meanBefore.toFixed(3) : '–',
        backedUp ? statText(node.visitsAfter) : '–',
        backedUp ? node.meanAfter.toFixed(3) : '–',
      ];
      for (const text of cells) {
        const td = document.createElement('td');
        td.textContent = text;
        tr.append(td);
      }
      tr.dataset.nodeId = String(node.id);
      return tr;
    });
    this.body.replaceChildren(...rows.filter(Boolean));
    this.table.hidden = !it;
  }
}
