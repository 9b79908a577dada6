// Sum to zero's panel of the agent beside the optimum: what the search thinks of the move in
// front of it (live while it thinks, and its answer), set beside the exact optimum: the best
// reward still reachable, the agent's choice and what it gives away (its regret), and each legal
// move's optimal value, regret, MCTS's visits and mean reward. Text only, never HTML.

import { ACTIONS } from './params.js';
import { signed } from './render.js';
import { fillTable, statText } from '../stats.js';
import { grouped } from '../numbers.js';

const $ = (id) => document.getElementById(id);

/** A reward as shown: three decimals. */
export function reward(value) {
  return value.toFixed(3);
}

function set(name, value) {
  document.querySelector(`[data-sumzero-think="${name}"]`).textContent = statText(value);
}

/** The regret in words: "0 (optimal)" or "0.040". */
function regretWords(regret) {
  return regret === 0 ? '0 (optimal)' : reward(regret);
}

/**
 * The thinking `t` of an MCTS search (its answer or latest progress) as it stood at an earlier
 * step whose root actions are `rootActions`: each move's visits and mean then, the most visited
 * as the choice; the exact optimum is the position's and stays.
 */
export function stepThinking(t, rootActions) {
  const root = new Map((rootActions ?? []).map((r) => [r.action, r]));
  const actions = t.actions.map((a) => ({ ...a, visits: root.get(a.action)?.visits ?? 0, mean: root.get(a.action)?.value ?? null }));
  const visited = actions.filter((a) => a.visits > 0);
  const chosen = visited.length ? visited.reduce((best, a) => (a.visits > best.visits ? a : best)) : null;
  return {
    ...t,
    actions,
    choice: chosen ? chosen.action : null,
    choiceValue: chosen ? chosen.optimalValue : null,
    regret: chosen ? chosen.regret : null,
  };
}

/** Empties the panel: nothing has been thought about yet (`why` says so). */
export function clearThinking(why = 'Press Step, Play or Ask the agent to see what it thinks of the move in front of it.') {
  for (const el of document.querySelectorAll('[data-sumzero-think]')) el.textContent = '–';
  $('sumzero-thinking-who').textContent = why;
  fillTable($('sumzero-actions'), null);
}

/** Shows a worker message's thinking (SearchJob.thinking(): a SumZeroThinking) about a position,
 * under the heading `who`. */
export function showThinking(message, who) {
  const t = message.thinking;
  $('sumzero-thinking-who').textContent = who;
  set('optimal', `${reward(t.optimalValue)} (the sum can end ${t.closestFinalSum === 0 ? 'on 0' : `${t.closestFinalSum} from 0`})`);
  const chosen = t.choice === null ? null : t.actions.find((a) => a.action === t.choice);
  set('choice', chosen ? `${ACTIONS[chosen.action].key}: ${signed(chosen.amount)}` : 'none yet');
  set('choice-value', t.choiceValue === null ? '–' : reward(t.choiceValue));
  set('regret', t.regret === null ? '–' : regretWords(t.regret));
  const playouts = message.progress?.iterations ?? 0;
  set('playouts', t.algo === 'mcts' ? playouts : 'none (exact)');
  const ms = message.elapsedMs === null ? null : message.elapsedMs ?? message.thinkMs ?? 0;
  set('time', ms === null ? '–' : `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`);
  fillTable($('sumzero-actions'), t.actions.map((a) => {
    const marks = [];
    if (a.regret === 0) marks.push('optimal');
    const choice = a.action === t.choice;
    return {
      action: a.action,
      best: choice,
      marks,
      cells: [
        `${ACTIONS[a.action].key}: ${signed(a.amount)}${choice ? ' (chosen)' : ''}`,
        reward(a.optimalValue),
        a.regret === 0 ? '0' : reward(a.regret),
        a.visits ? grouped(a.visits) : '—',
        a.mean === null ? '—' : reward(a.mean),
      ],
    };
  }));
}
