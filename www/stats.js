// What the statistics panels of every game share: a statistic as a person reads it, and the
// tables of an agent's moves (one row a move, the best one marked). Text only, never HTML.

import { grouped } from './numbers.js';

/** A statistic as shown: a number with thousands separators (en-US), anything else as text. */
export function statText(value) {
  return typeof value === 'number' ? grouped(value) : String(value);
}

/** `count` moves in words: "1 move", "12 moves", "1,500 moves". */
export function movesText(count) {
  return `${statText(count)} ${count === 1 ? 'move' : 'moves'}`;
}

/**
 * Fills `table`'s body with `rows`, each { cells: [text, ...], best, marks, action }: the best row
 * has the class `best` and each of `marks` is a class too, and `action`, if given, becomes the
 * row's data-action. The table hides when there are no rows (null or empty).
 */
export function fillTable(table, rows) {
  table.tBodies[0].replaceChildren(...(rows ?? []).map((row) => {
    const tr = document.createElement('tr');
    if (row.best) tr.classList.add('best');
    for (const mark of row.marks ?? []) tr.classList.add(mark);
    if (row.action !== undefined) tr.dataset.action = String(row.action);
    for (const text of row.cells) {
      const td = document.createElement('td');
      td.textContent = text;
      tr.append(td);
    }
    return tr;
  }));
  table.hidden = !rows || rows.length === 0;
}

/** The root action the search chose: the first move of its `plan` (the search settles ties its
 * own way), else the most visited (the first of equals); null if there is none. */
export function chosenRootAction(rootActions, plan) {
  const first = plan?.[0];
  return rootActions.find((r) => r.action === first)
    ?? rootActions.reduce((best, r) => (best === null || r.visits > best.visits ? r : best), null);
}

/**
 * Fills `table` with an agent's root actions ({ action, value, visits }, as SearchJob.rootActions()
 * gives them; null or empty hides it): each action's name (`nameOf(action)`), its value with
 * `digits` decimals (or as `valueText(value)` writes it) and its visits, the move the search
 * chose (the first of its `plan`, `chosenRootAction`) marked best.
 */
export function showRootActions(table, rootActions, plan, nameOf, digits, valueText = null) {
  const best = rootActions ? chosenRootAction(rootActions, plan) : null;
  fillTable(table, rootActions?.map((r) => ({
    best: r === best,
    cells: [nameOf(r.action), valueText ? valueText(r.value) : r.value.toFixed(digits), grouped(r.visits)],
  })));
}
