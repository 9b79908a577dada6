// The settings of Othello's two sides: who plays each (a person or an agent), and each agent's
// algorithm, evaluation, budget, endgame switch and UCT constant. Builds the two fieldsets from
// DOM calls (no HTML strings), fills them from a view's sides and reads them back; Rust checks
// the values when the link is written.

/** Words for each player choice; `note` says where we differ from the course's code. */
export const PLAYERS = {
  human: { name: 'A person', text: 'Click a square with a dot, or move with the arrow keys and press Enter.' },
  minimax: {
    name: 'Minimax',
    text: 'Searches every move to the depth and scores the positions there with the evaluation.',
    note: 'Equal moves are broken with the seed, so a game replays (the course\'s MiniMaxDecider shuffles them).',
  },
  alphabeta: {
    name: 'Alpha-beta',
    text: 'Minimax that skips the moves that cannot change the result: the same move and value with fewer nodes.',
    note: 'Watch nodes searched against moves cut off: each cut-off move is a whole subtree minimax would search.',
  },
  alphabeta_tt: {
    name: 'Alpha-beta with a table',
    text: 'Alpha-beta, iteratively deepened, remembering searched positions (transposition table) and trying the last best move first.',
  },
  mtdf: {
    name: 'MTD(f)',
    text: 'Finds the minimax value with null-window alpha-beta passes over a transposition table, starting from the last depth\'s value.',
    note: 'MTD(f) here uses correct null windows (negated for the opponent) and stores upper and lower bounds as such; the course code\'s MTD(f) has sign and bound bugs (see COURSE.md).',
  },
  mcts: {
    name: 'Monte Carlo tree search',
    text: 'Random playouts to the end of the game, grown into a tree with UCT; plays the most-visited move. No evaluation.',
  },
  solver: {
    name: 'Exact endgame solver',
    text: 'Solves the position exactly (perfect play to the end), counting the positions it visits as it goes; on this page for positions with at most 24 empty squares (from 20 on, a solve takes seconds to minutes).',
  },
  random: { name: 'Random', text: 'A random legal move: the baseline.' },
};

/** The evaluations; the course's is labelled as the course's. */
export const EVALS = {
  strong: 'Ours: mobility, corners, X- and C-squares, stable discs, parity',
  course: 'The course\'s heuristic',
};

const COURSE_NOTE = 'The course\'s heuristic, as its OthelloState.heuristic() computes it: discs + 8 × mobility + 300 × corners + "stability" (really runs of discs open to capture, with its diagonal quirk) + 5000 for a win.';

const BUDGETS = { depth: 'Fixed depth', time: 'Time per move', nodes: 'Nodes per move' };

/** Which settings each algorithm reads. */
const READS = {
  minimax: ['eval', 'budget', 'solve'],
  alphabeta: ['eval', 'budget', 'solve'],
  alphabeta_tt: ['eval', 'budget', 'solve'],
  mtdf: ['eval', 'budget', 'solve'],
  mcts: ['budget', 'uct', 'solve'],
  solver: [],
  random: [],
};

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

function number(field, testid, min, max, step) {
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
      depth: number('depth', `${id}-depth`, 1, 60, 1),
      ms: number('ms', `${id}-ms`, 1, 60000, 1),
      nodes: number('nodes', `${id}-nodes`, 1, 1000000000, 1),
      solve: number('solve', `${id}-solve`, 0, 24, 1),
      uct: number('uct', `${id}-uct`, 0, 100, 0.01),
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
    for (const key of ['eval', 'budget', 'depth', 'ms', 'nodes', 'solve', 'uct']) this.inputs[key].value = String(side[key]);
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
    for (const key of ['depth', 'ms', 'nodes', 'solve', 'uct']) {
      const raw = this.inputs[key].value.trim();
      const n = Number(raw);
      side[key] = raw === '' || !Number.isFinite(n) ? NaN : n;
    }
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
