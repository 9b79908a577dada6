// The settings of Othello's two sides: who plays each (a person or an agent), and each agent's
// settings, one control per row of Othello's parameter table (evaluation, budget, depth, time,
// nodes, endgame switch, UCT constant: labels, ranges, defaults, help, options, and which agent
// reads which, all from Rust). Builds the two fieldsets from DOM calls (no HTML strings), fills
// them from a view's sides and reads them back; Rust checks the values when the link is written.
// What the players are and the words for the options are in params.js.

import { PLAYERS, EVALS, EVAL_NOTES, BUDGETS } from './params.js';
import { controlsIn, makeSlot, reads, showNumber, exactNumberIn } from '../param-controls.js';
import { grouped } from '../numbers.js';

/** The parameter that holds each budget's amount. */
const BUDGET_AMOUNTS = { depth: 'depth', time: 'ms', nodes: 'nodes' };

/** Words for the options of the choice parameters. */
export const OPTION_WORDS = { eval: EVALS, budget: BUDGETS };

function element(tag, props = {}, children = []) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === 'text') el.textContent = value;
    else el.setAttribute(key, value);
  }
  el.append(...children);
  return el;
}

/** Whether the side's `player` reads the parameter `key` of `table` (a person reads none). */
export function playerReads(table, player, key) {
  return reads(table.find((param) => param.key === key), player);
}

/** One side's fieldset. */
class SidePanel {
  constructor(colour, table, caps, onChange) {
    const id = `othello-${colour}`;
    const title = colour === 'black' ? 'Black ●' : 'White ○';
    this.table = table;
    const player = element('select', { 'data-testid': `${id}-player` },
      Object.entries(PLAYERS).map(([value, { name }]) => element('option', { value, text: name })));
    this.slots = Object.fromEntries(table.map((param) => [param.key, makeSlot(param, {
      testid: `${id}-${param.key}`,
      words: OPTION_WORDS[param.key],
      cap: caps[param.key],
    })]));
    this.inputs = { player, ...Object.fromEntries(table.map((param) => [param.key, controlsIn(this.slots[param.key])[0]])) };
    this.text = element('p', { class: 'description' });
    this.note = element('p', { class: 'note', 'data-testid': `${id}-note` });
    this.evalNote = element('p', { class: 'note', 'data-testid': `${id}-eval-note` });
    const slots = table.flatMap((param) => (param.key === 'eval' ? [this.slots.eval, this.evalNote] : [this.slots[param.key]]));
    this.root = element('fieldset', { class: 'side', 'data-side': colour }, [
      element('legend', { text: title }),
      element('label', {}, ['Player ', player]),
      this.text,
      ...slots,
      this.note,
    ]);
    for (const input of Object.values(this.inputs)) input.addEventListener('change', () => onChange(this));
    player.addEventListener('change', () => {
      // An agent without a fixed depth (MCTS) gets a time budget.
      const agent = player.value;
      if (playerReads(table, agent, 'budget') && !playerReads(table, agent, 'depth') && this.inputs.budget.value === 'depth') {
        this.inputs.budget.value = 'time';
      }
    });
  }

  /** Shows a side's settings. */
  fill(side) {
    this.inputs.player.value = side.human ? 'human' : side.algo;
    for (const param of this.table) {
      if (param.kind === 'float') showNumber(this.inputs[param.key], side[param.key]);
      else this.inputs[param.key].value = String(side[param.key]);
    }
    this.showRelevant();
  }

  /** Shows only the settings the chosen player reads (of the budgets, the chosen one's amount). */
  showRelevant() {
    const player = this.inputs.player.value;
    const has = (key) => playerReads(this.table, player, key);
    const budget = this.inputs.budget.value;
    for (const param of this.table) {
      const amountOf = Object.keys(BUDGET_AMOUNTS).find((b) => BUDGET_AMOUNTS[b] === param.key);
      let visible = has(param.key);
      if (amountOf) visible = visible && has('budget') && budget === amountOf;
      this.slots[param.key].hidden = !visible;
    }
    this.text.textContent = PLAYERS[player].text;
    this.note.textContent = PLAYERS[player].note ?? '';
    this.note.hidden = !PLAYERS[player].note;
    this.evalNote.textContent = EVAL_NOTES[this.inputs.eval.value] ?? '';
    this.evalNote.hidden = !has('eval');
  }

  /** The side as the controls show it (numbers left for Rust to check; NaN when not a number). */
  read(previous) {
    const player = this.inputs.player.value;
    const side = { ...previous, human: player === 'human' };
    if (player !== 'human') side.algo = player;
    for (const param of this.table) {
      const input = this.inputs[param.key];
      side[param.key] = param.kind === 'choice' ? input.value : exactNumberIn(input);
    }
    return side;
  }
}

/** The two sides' panels, in `container`; `onChange()` is called after any edit. */
export class Sides {
  /** `table` is Othello's parameter table; `caps` the largest value a link on the page gives a
   * parameter, by key (`limits().othello`), below the table's ranges. */
  constructor(container, table, caps, onChange) {
    this.panels = {
      black: new SidePanel('black', table, caps, () => onChange()),
      white: new SidePanel('white', table, caps, () => onChange()),
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

/** A short name of a side's player: "MTD(f), 1000 ms", "Alpha-beta, depth 4", "a person";
 * `table` is Othello's parameter table. */
export function describe(side, table) {
  if (side.human) return 'a person';
  const name = PLAYERS[side.algo].name;
  if (!playerReads(table, side.algo, 'budget')) return name;
  const budget = { depth: `depth ${side.depth}`, time: `${side.ms} ms`, nodes: `${grouped(side.nodes)} nodes` }[side.budget];
  const evaluation = playerReads(table, side.algo, 'eval') && side.eval === 'course' ? ', course heuristic' : '';
  return `${name}, ${budget}${evaluation}`;
}
