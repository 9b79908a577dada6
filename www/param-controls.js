// A game's parameter controls, built from the parameter table Rust exports (`parameterTable(game)`:
// each parameter's key, label, kind with its range or options, default, one-sentence help and the
// algorithms whose own parameter it is). The page writes none of these facts itself, so a range,
// label, default or help text changed in Rust changes the page with no JS edit.
//
// A parameter's control sits in a slot marked `data-param="<key>"` (the share link's name): a
// label holding an input or a select, or for a list of numbers (`floats`) a fieldset with a legend
// and one input a number. A page may write a slot in index.html to place a control and keep its id
// and data-testid; a parameter without a slot gets one made here, appended to the game's
// `[data-params]` container. Words for a choice's options are the page's own (`words`), the
// option's name otherwise. Text only, never HTML.

import { needsANumber, numberIn } from './fields.js';
import { grouped } from './numbers.js';

/** The view's field of a table key: 'rollout-depth' → 'rolloutDepth'. */
export function fieldOf(key) {
  return key.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
}

/** Decimals a number input shows; a value with more (the UCT constant √2) is shown rounded. */
export const SHOWN_DECIMALS = 4;

/** `value` as a number input shows it: at most SHOWN_DECIMALS decimals. */
export function shownNumber(value) {
  return String(Number(value.toFixed(SHOWN_DECIMALS)));
}

/** Shows `value` in the number input `input`, rounded; the exact value is kept (in
 * `data-exact`) and read back by `exactNumberIn` while the shown text is left as it is. */
export function showNumber(input, value) {
  const shown = shownNumber(value);
  input.value = shown;
  if (shown === String(value)) delete input.dataset.exact;
  else input.dataset.exact = String(value);
}

/** The number `input` holds: the exact value `showNumber` kept if its rounded text is still
 * shown, else what the input says (NaN if nothing). */
export function exactNumberIn(input) {
  const exact = input.dataset.exact;
  if (exact !== undefined && input.value === shownNumber(Number(exact))) return Number(exact);
  return numberIn(input);
}

/** Whether `param` is the own parameter of `algo` (not a setting of every run). */
export function reads(param, algo) {
  return param.algos.includes(algo);
}

/** The keys of `algo`'s own parameters in `table`, in the table's order. */
export function keysOf(table, algo) {
  return table.filter((param) => reads(param, algo)).map((param) => param.key);
}

/** A parameter's default as a person reads it (a choice by its words, numbers as written). */
function defaultText(param, words) {
  const show = (value) => (typeof value === 'number' ? grouped(value, { maximumFractionDigits: 6 }) : String(value));
  if (param.kind === 'choice') return words?.[param.default] ?? param.default;
  if (param.kind === 'floats') return param.default.map(show).join(', ');
  return show(param.default);
}

/** The title of a parameter's control: its help and its default (a tooltip, and the control's
 * description for a screen reader). */
export function helpOf(param, words) {
  return `${param.help} Default: ${defaultText(param, words)}.`;
}

/** Gives a number input the range of `param` (its `max` at most `cap`, if given): whole numbers
 * step by 1, other numbers take any value. */
function setRange(input, param, cap) {
  input.type = 'number';
  input.min = String(param.min);
  input.max = String(cap === undefined ? param.max : Math.min(param.max, cap));
  input.step = param.kind === 'int' ? '1' : 'any';
}

/** The controls (inputs or a select) inside `slot`, in order. */
export function controlsIn(slot) {
  return [...slot.querySelectorAll('input, select')];
}

/** Writes `text` as `slot`'s own words (a label's leading text, or a fieldset's legend). */
function setLabelText(slot, text) {
  if (slot instanceof HTMLFieldSetElement) {
    let legend = slot.querySelector('legend');
    if (!legend) {
      legend = document.createElement('legend');
      slot.prepend(legend);
    }
    legend.textContent = text;
    return;
  }
  const own = [...slot.childNodes].find((node) => node.nodeType === Node.TEXT_NODE && node.textContent.trim());
  if (own) own.textContent = `${text} `;
  else slot.prepend(`${text} `);
}

/**
 * Fills `slot` from `param`: its label, its controls' ranges (or a select's options, in the
 * table's order, with `words` for them) and its help as a title. `cap` may lower the inputs'
 * `max` (a page limit tighter than the agent's).
 */
export function fillSlot(slot, param, { words, cap } = {}) {
  slot.dataset.param = param.key;
  setLabelText(slot, param.label);
  const capped = cap !== undefined && cap < param.max;
  const title = `${helpOf(param, words)}${capped ? ` On this page: at most ${grouped(cap)}.` : ''}`;
  slot.title = title;
  for (const control of controlsIn(slot)) {
    control.title = title;
    if (control instanceof HTMLSelectElement) {
      control.replaceChildren(...param.options.map((option) => {
        const el = document.createElement('option');
        el.value = option;
        el.textContent = words?.[option] ?? option;
        return el;
      }));
    } else {
      setRange(control, param, cap);
    }
  }
}

/**
 * A new slot for `param`: a label with an input (numbers) or a select (a choice), or a fieldset
 * with one input a number (`floats`), each input's words `itemWords[i]` (else "1", "2", ...).
 * `id` and `testid` name the control (the i-th of a list: `${id}-${i}`).
 */
export function makeSlot(param, { id, testid, words, cap, itemWords = [] } = {}) {
  const control = (suffix = '') => {
    const el = document.createElement(param.kind === 'choice' ? 'select' : 'input');
    if (id) el.id = `${id}${suffix}`;
    if (testid) el.dataset.testid = `${testid}${suffix}`;
    return el;
  };
  let slot;
  if (param.kind === 'floats') {
    slot = document.createElement('fieldset');
    slot.className = 'list-param';
    slot.append(...param.default.map((_, i) => {
      const label = document.createElement('label');
      label.className = 'inline';
      label.append(`${itemWords[i] ?? i + 1} `, control(`-${i}`));
      return label;
    }));
  } else {
    slot = document.createElement('label');
    slot.append(control());
  }
  fillSlot(slot, param, { words, cap });
  return slot;
}

/**
 * The parameter controls of game `game` (elements under `[data-game="<game>"]`), built from its
 * parameter table. `words[key]` gives the words of a choice's options; `idPrefix` names the
 * controls it makes (`<prefix><key>`, also their data-testid).
 */
export class ParamControls {
  constructor(game, table, { words = {}, idPrefix = `${game}-` } = {}) {
    this.table = table;
    this.slots = new Map();
    const scope = `[data-game="${game}"]`;
    for (const param of table) {
      let slot = document.querySelector(`${scope} [data-param="${param.key}"]`);
      if (slot) {
        fillSlot(slot, param, { words: words[param.key] });
      } else {
        slot = makeSlot(param, { id: `${idPrefix}${param.key}`, testid: `${idPrefix}${param.key}`, words: words[param.key] });
        document.querySelector(`${scope} [data-params]`).append(slot);
      }
      this.slots.set(param.key, slot);
    }
  }

  /** The table's row for `key`. */
  param(key) {
    return this.table.find((param) => param.key === key);
  }

  /** The view fields the controls edit. */
  fields() {
    return this.table.map((param) => fieldOf(param.key));
  }

  /** Every control (for `change` listeners). */
  controls() {
    return [...this.slots.values()].flatMap(controlsIn);
  }

  /** The slot of `key`. */
  slot(key) {
    return this.slots.get(key);
  }

  /** Shows the controls of `algo`'s own parameters and hides other algorithms'; settings of
   * every run (no algorithms) are left to the page. */
  show(algo) {
    for (const param of this.table) {
      if (param.algos.length) this.slots.get(param.key).hidden = !reads(param, algo);
    }
  }

  /** Shows the view's values in the controls. */
  fill(view) {
    for (const param of this.table) {
      const value = view[fieldOf(param.key)];
      const controls = controlsIn(this.slots.get(param.key));
      if (param.kind === 'floats') controls.forEach((el, i) => { el.value = String(value[i]); });
      else if (param.kind === 'float') showNumber(controls[0], value);
      else controls[0].value = String(value);
    }
  }

  /** The values the controls hold, by view field: numbers (NaN where a field holds none), a
   * choice's name, a list of numbers. Rust checks the ranges when the link is written. */
  read() {
    const values = {};
    for (const param of this.table) {
      const controls = controlsIn(this.slots.get(param.key));
      if (param.kind === 'floats') values[fieldOf(param.key)] = controls.map(numberIn);
      else values[fieldOf(param.key)] = param.kind === 'choice' ? controls[0].value : exactNumberIn(controls[0]);
    }
    return values;
  }

  /** What is wrong with `view`'s parameters and its seed (from `seedInput`) in words, or null:
   * the first field that holds no number, named by its label. */
  problem(view, seedInput) {
    const blank = this.blank(view);
    if (blank) return needsANumber(blank.input, blank.param.kind === 'int');
    return Number.isNaN(view.seed) ? needsANumber(seedInput, true) : null;
  }

  /** The first control of `values` (as `read` gives them) that holds no number, with its
   * parameter: `{ param, input }`, or null. */
  blank(values) {
    for (const param of this.table) {
      if (param.kind === 'choice') continue;
      const value = values[fieldOf(param.key)];
      const at = param.kind === 'floats' ? value.findIndex(Number.isNaN) : (Number.isNaN(value) ? 0 : -1);
      if (at >= 0) return { param, input: controlsIn(this.slots.get(param.key))[at] };
    }
    return null;
  }
}

/** Whether two view values are the same (lists element by element). */
export function sameValue(a, b) {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => Object.is(x, b[i]));
  return Object.is(a, b);
}
