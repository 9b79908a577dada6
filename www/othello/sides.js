// The settings of Othello's two sides: who plays each (a person or an agent), and each agent's
// algorithm, evaluation, budget, endgame switch and UCT constant. Builds the two fieldsets from
// DOM calls (no HTML strings), fills them from a view's sides and reads them back; Rust checks
// the values when the link is written. What the choices mean and the numbers' ranges are in
// params.js.

import { PLAYERS, EVALS, COURSE_NOTE, BUDGETS, READS, NUMBERS } from './params.js';
import { numberIn } from '../fields.js';

function element(tag, props = {}, children = []) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === 'dataset') Object.assign(el.dataset, value);
    else if (key === 'text') el.textContent = value;
    else el.setAttribute(key, value);
  }
  el.append(...children);
  return el;
}

function select(field, testid, options) {
  return element('select', { 'data-field': field, 'data-testid': testid },
    Object.entries(options).map(([value, text]) => element('option', { value, text })));
}

function number(field, testid) {
  const { min, max, step = 1 } = NUMBERS[field];
  return element('input', { type: 'number', 'data-field': field, 'data-testid': testid, min, max, step });
}

/** One side's fieldset. */
class SidePanel {
  constructor(colour, onChange) {
    const id = `othello-${colour}`;
    const title = colour === 'black' ? 'Black ●' : 'White ○';
    this.inputs = {
      player: select('player', `${id}-player`, Object.fromEntries(Object.entries(PLAYERS).map(([k, v]) => [k, v.name]))),
      eval: select('eval', `${id}-eval`, EVALS),
      budget: select('budget', `${id}-budget`, BUDGETS),
      depth: number('depth', `${id}-depth`),
      ms: number('ms', `${id}-ms`),
      nodes: number('nodes', `${id}-nodes`),
      solve: number('solve', `${id}-solve`),
      uct: number('uct', `${id}-uct`),
    };
    const label = (text, input, show) => element('label', { 'data-show': show }, [`${text} `, input]);
    this.text = element('p', { class: 'description' });
    this.note = element('p', { class: 'note', 'data-testid': `${id}-note` });
    this.evalNote = element('p', { class: 'note', 'data-testid': `${id}-eval-note`, text: COURSE_NOTE });
    this.root = element('fieldset', { class: 'side', 'data-side': colour }, [
      element('legend', { text: title }),
      label('Player', this.inputs.player, 'player'),
      this.text,
      label('Evaluation', this.inputs.eval, 'eval'),
      this.evalNote,
      label('Budget', this.inputs.budget, 'budget'),
      label('Depth (plies)', this.inputs.depth, 'depth'),
      label('Time per move (ms)', this.inputs.ms, 'ms'),
      label('Nodes per move (MCTS: playouts)', this.inputs.nodes, 'nodes'),
      label('Exact solver from (empty squares; 0 never)', this.inputs.solve, 'solve'),
      label('UCT constant K', this.inputs.uct, 'uct'),
      this.note,
    ]);
    for (const input of Object.values(this.inputs)) input.addEventListener('change', () => onChange(this));
    this.inputs.player.addEventListener('change', () => {
      // MCTS has no fixed depth: give it a time budget.
      if (this.inputs.player.value === 'mcts' && this.inputs.budget.value === 'depth') this.inputs.budget.value = 'time';
    });
  }

  /** Shows a side's settings. */
  fill(side) {
    this.inputs.player.value = side.human ? 'human' : side.algo;
    for (const key of ['eval', 'budget', ...Object.keys(NUMBERS)]) this.inputs[key].value = String(side[key]);
    this.showRelevant();
  }

  /** Shows only the settings the chosen player reads. */
  showRelevant() {
    const player = this.inputs.player.value;
    const reads = READS[player] ?? [];
    const budget = this.inputs.budget.value;
    for (const label of this.root.querySelectorAll('[data-show]')) {
      const show = label.dataset.show;
      let visible = show === 'player' || reads.includes(show);
      if (['depth', 'ms', 'nodes'].includes(show)) visible = reads.includes('budget') && budget === (show === 'ms' ? 'time' : show);
      label.hidden = !visible;
    }
    this.text.textContent = PLAYERS[player].text;
    this.note.textContent = PLAYERS[player].note ?? '';
    this.note.hidden = !PLAYERS[player].note;
    this.evalNote.hidden = !(reads.includes('eval') && this.inputs.eval.value === 'course');
  }

  /** The side as the controls show it (numbers left for Rust to check; NaN when not a number). */
  read(previous) {
    const player = this.inputs.player.value;
    const side = { ...previous, human: player === 'human' };
    if (player !== 'human') side.algo = player;
    side.eval = this.inputs.eval.value;
    side.budget = this.inputs.budget.value;
    for (const key of Object.keys(NUMBERS)) side[key] = numberIn(this.inputs[key]);
    return side;
  }
}

/** The two sides' panels, in `container`; `onChange()` is called after any edit. */
export class Sides {
  constructor(container, onChange) {
    this.panels = {
      black: new SidePanel('black', () => onChange()),
      white: new SidePanel('white', () => onChange()),
    };
    container.append(this.panels.black.root, this.panels.white.root);
  }

  fill(view) {
    this.panels.black.fill(view.black);
    this.panels.white.fill(view.white);
  }

  showRelevant() {
    this.panels.black.showRelevant();
    this.panels.white.showRelevant();
  }

  /** `{ black, white }` as the controls show them. */
  read(view) {
    return { black: this.panels.black.read(view.black), white: this.panels.white.read(view.white) };
  }

  /** The control of `side`'s setting `key`. */
  input(side, key) {
    return this.panels[side].inputs[key];
  }
}

/** A short name of a side's player: "MTD(f), 1000 ms", "Alpha-beta, depth 4", "a person". */
export function describe(side) {
  if (side.human) return 'a person';
  const name = PLAYERS[side.algo].name;
  if (!READS[side.algo].includes('budget')) return name;
  const budget = { depth: `depth ${side.depth}`, time: `${side.ms} ms`, nodes: `${side.nodes.toLocaleString('en-US')} nodes` }[side.budget];
  const evaluation = READS[side.algo].includes('eval') && side.eval === 'course' ? ', course heuristic' : '';
  return `${name}, ${budget}${evaluation}`;
}
