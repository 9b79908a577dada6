// The Othello hint's values: what the adviser thinks each legal move is worth to the person to
// move, as short texts for the squares. A searching adviser (minimax, alpha-beta, MTD(f), the
// exact solver) values a move by searching the position after it one ply shallower than the
// depth its hint reached, which is the value a full-window search to that depth gives the move;
// MCTS's values are its own root statistics (mean final disc difference of the playouts through
// each move). Text only, never HTML.

import { PASS } from './render.js';
import { grouped } from '../numbers.js';

/** Most plies of forced replies (a single legal move, or a pass) followed after a move before
 * its position is searched: each is a ply of the depth. */
const MAX_FORCED = 60;

function signed(value, digits) {
  const text = grouped(Math.abs(value), { maximumFractionDigits: digits, minimumFractionDigits: digits });
  return `${value > 0 ? '+' : value < 0 ? '−' : ''}${text}`;
}

/** A value `value` (from the person's view) in `units` as a text short enough for a square. */
export function valueText(value, units) {
  switch (units) {
    case 'discs':
      return signed(Math.round(value), 0);
    case 'course':
      return Math.abs(value) >= 1000 ? `${signed(value / 1000, 1)}k` : signed(Math.round(value), 0);
    default:
      return signed(value, Math.abs(value) >= 10 ? 0 : 1);
  }
}

/** A thinking's value (SearchJob.thinking(), from Black's view) as [number, units] from the view
 * of `player` (0 Black, 1 White), in discs for our evaluation; null when it has none. */
export function thinkingValue(t, player) {
  if (!t || t.value === null || t.value === undefined) return null;
  const sign = player === 0 ? 1 : -1;
  switch (t.units) {
    case 'discs':
      return [sign * t.value, 'discs'];
    case 'strong':
      if (t.forcedDiscs !== null && t.forcedDiscs !== undefined) return [sign * t.forcedDiscs, 'discs'];
      return [(sign * t.value) / 100, 'strong'];
    case 'course':
    case 'playouts':
      return [sign * t.value, t.units];
    default:
      return null;
  }
}

/**
 * The positions to search to value each legal move of `session` (whose mover the hint is for):
 * per move, its square, the position after it and any forced replies that follow (a single
 * legal move or a pass, each costing a ply), encoded for the worker, the plies used, and, when
 * the game ends there, the final disc difference for the mover (empties to the winner) instead.
 * Leaves `session` as it found it.
 */
export function movePositions(session) {
  const mover = session.playerToMove();
  const moves = Array.from(session.legalActions()).filter((square) => square !== PASS);
  return moves.map((square) => {
    session.apply(square);
    let plies = 1;
    while (session.playerToMove() !== undefined && session.legalActions().length === 1 && plies < MAX_FORCED) {
      session.apply(session.legalActions()[0]);
      plies += 1;
    }
    const over = session.playerToMove() === undefined;
    const entry = over ? { square, plies, final: finalMargin(session, mover) } : { square, plies, state: session.encode() };
    for (let i = 0; i < plies; i += 1) session.undo();
    return entry;
  });
}

/** A finished game's disc difference for `player`, the empty squares going to the winner. */
function finalMargin(session, player) {
  let black = 0;
  let white = 0;
  for (const cell of session.view().cells) {
    if (cell === 1) black += 1;
    else if (cell === 2) white += 1;
  }
  const empty = 64 - black - white;
  if (black > white) black += empty;
  else if (white > black) white += empty;
  return player === 0 ? black - white : white - black;
}
