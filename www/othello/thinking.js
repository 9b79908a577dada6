// Othello's thinking panel: what the agent to move thinks, live while it thinks and with its
// answer: depth, evaluation (always from Black's view), nodes, cutoffs and what pruning saved,
// the principal variation, and MCTS's moves; at a step of the search timeline also the alpha-beta
// window of the node the search visited last. Text only, never HTML.

import { squareName } from './render.js';
import { statText, showRootActions } from '../stats.js';
import { grouped } from '../numbers.js';

const $ = (id) => document.getElementById(id);

/** Moves of the principal variation drawn on the board. */
const PV_ON_BOARD = 6;
/** A window bound at least this large stands for infinity (the searches' ±2^30). */
const INFINITE_BOUND = 2 ** 30;

/** Empties the panel: nobody is thinking. */
export function clearThinking() {
  for (const el of document.querySelectorAll('[data-othello-think]')) el.textContent = '–';
  $('othello-pv').textContent = '–';
  $('othello-thinking-who').textContent = 'Nobody is thinking yet.';
  $('othello-pruning').textContent = '';
  showRootActions($('othello-root'), null, null);
}

/** Shows a worker message's thinking (SearchJob.thinking()) under the heading `who`. */
export function showThinking(message, who) {
  const t = message.thinking;
  const set = (name, value) => {
    document.querySelector(`[data-othello-think="${name}"]`).textContent = statText(value ?? '–');
  };
  $('othello-thinking-who').textContent = who;
  const mcts = t.algo === 'mcts';
  if (t.onlyMove) set('depth', 'one legal move: no thinking');
  else if (t.exact) set('depth', `exact: ${t.depth} empty squares to the end`);
  else if (t.solving) set('depth', `solving ${t.depth} empty squares to the end…`);
  else if (mcts) set('depth', t.depth ? `tree depth ${t.depth}` : '–');
  else if (t.depth === null) set('depth', '–');
  else set('depth', t.depth ? `${t.depth} plies` : 'depth 1 not finished');
  set('value', valueWords(t));
  set('nodes', mcts ? `${grouped(t.nodes)} playouts` : t.nodes);
  const exact = t.exact || t.solving;
  set('leaves', mcts || exact ? '–' : t.leaves);
  set('window', windowWords(message.window));
  set('cutoffs', mcts || exact ? '–' : t.cutoffs);
  set('pruned', mcts || exact ? '–' : t.pruned);
  set('table', ['alphabeta_tt', 'mtdf'].includes(t.algo) && !exact ? t.tableCutoffs : '–');
  const ms = message.elapsedMs === null ? null : message.elapsedMs ?? message.thinkMs ?? 0;
  set('rate', ms > 0 && t.nodes ? Math.round((t.nodes / ms) * 1000) : '–');
  // Seconds from 1000 ms up, so the value stays as narrow as "999 ms" and its label on one line.
  set('time', ms === null ? '–' : ms < 999.5 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);
  const plan = Array.from(message.plan ?? []);
  $('othello-pv').textContent = plan.length ? plan.map(squareName).join(' ') : '–';
  $('othello-pruning').textContent = pruningWords(t);
  // MCTS's moves: mean final disc difference for the side to move, and visits.
  showRootActions($('othello-root'), mcts ? message.rootActions : null, plan, squareName, 1);
}

/** The principal variation as numbered ghost discs: each move's square and its mover's colour
 * (1 Black, 2 White), starting with `player` (0 or 1); a pass hands the move over. */
export function pvSteps(plan, player) {
  const steps = [];
  let colour = player + 1;
  for (const square of Array.from(plan).slice(0, PV_ON_BOARD)) {
    steps.push({ square, colour });
    colour = colour === 1 ? 2 : 1;
  }
  return steps;
}

function signed(value, digits = 0) {
  const text = grouped(Math.abs(value), { maximumFractionDigits: digits, minimumFractionDigits: digits });
  return `${value > 0 ? '+' : value < 0 ? '−' : ''}${text}`;
}

/** A thinking's value in words, always from Black's view. */
export function valueWords(t) {
  if (t.value === null || t.value === undefined) return '–';
  const margin = (discs) => (discs === 0 ? 'a draw' : `${discs > 0 ? 'Black' : 'White'} wins by ${Math.abs(discs)}`);
  switch (t.units) {
    case 'discs':
      return `exact: ${margin(t.value)}`;
    case 'course':
      return `${signed(t.value)} for Black (the course's heuristic)`;
    case 'strong':
      if (t.forcedDiscs !== null && t.forcedDiscs !== undefined) return `forced: ${margin(t.forcedDiscs)}`;
      return `${signed(t.value / 100, 2)} for Black (ours, in discs)`;
    case 'playouts':
      return `${signed(t.value, 1)} discs for Black (mean of the playouts)`;
    default:
      return '–';
  }
}

/** A timeline view's alpha-beta window (TimelineView.window: the last node visited, its ply and
 * bounds in the view of the player whose value it computes) in words; '–' without one (a live
 * search, or a search without windows). */
function windowWords(window) {
  if (!window) return '–';
  const bound = (value) => (value >= INFINITE_BOUND ? '+∞' : value <= -INFINITE_BOUND ? '−∞' : signed(value));
  return `ply ${window.depth}: α ${bound(window.alpha)}, β ${bound(window.beta)}`;
}

/** What pruning saved, in words a class can read. */
function pruningWords(t) {
  if (t.exact || t.solving || t.algo === 'mcts' || t.onlyMove || !t.nodes || t.cutoffs === null) return '';
  if (t.algo === 'minimax') return `Minimax searched all ${grouped(t.nodes)} nodes: it cuts nothing off.`;
  const table = t.tableCutoffs ? `, and ${grouped(t.tableCutoffs)} positions were settled from the table` : '';
  return `${grouped(t.nodes)} nodes searched; ${grouped(t.cutoffs)} cutoffs skipped ${grouped(t.pruned)} moves, each a whole subtree minimax would have searched${table}.`;
}
