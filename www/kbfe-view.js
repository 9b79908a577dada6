// KB Fast-Evo MCTS's knowledge on the page (Perez et al., CIG 2014): what the agent has learnt
// about each sprite type (the knowledge base behind eqs. 4 and 5) and the weights W of its
// rollout policy (eqs. 1-3) with the evolution strategy's σ. It reads the worker's `thinking`
// for a KB Fast-Evo search (a `KbKnowledge` from src/wasm/kb_memory.rs) and draws two tables,
// each with a one-line explanation tied to its equation. Text only, never HTML.

/** Signed number with `digits` decimals ('+0.50', '−1.25'), as the tables show them. */
function signed(value, digits) {
  const text = Math.abs(value).toFixed(digits);
  return value < 0 ? `−${text}` : `+${text}`;
}

/** A table cell holding `text`. */
function cell(tag, text, attrs = {}) {
  const el = document.createElement(tag);
  el.textContent = text;
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, value);
  return el;
}

/** The heat of a weight: blue for a negative w (it makes its move likelier, eq. 3), red for a
 * positive one, translucent so the number written in the cell keeps its contrast; `scale` is
 * the largest |w| shown. */
function heat(weight, scale) {
  const strength = scale > 0 ? Math.min(1, Math.abs(weight) / scale) : 0;
  const alpha = (0.35 * strength).toFixed(3);
  return weight < 0 ? `rgba(37, 99, 235, ${alpha})` : `rgba(220, 38, 38, ${alpha})`;
}

/** The knowledge base's table and W's heat grid, filled from each `KbKnowledge` shown. */
export class KbfeView {
  /** Builds the view inside `panel` (an empty section, hidden until a KB Fast-Evo search). */
  constructor(panel) {
    this.panel = panel;
    this.known = new Set(); // types with Z > 0 already shown, so a discovery flashes once
    // Named after its panel, so each game's view has a title of its own (Bait's, a VGDL game's).
    const title = cell('h2', 'What KB Fast-Evo has learnt', { id: `${panel.id}-title` });
    panel.setAttribute('aria-labelledby', title.id);

    this.knowledge = document.createElement('table');
    this.knowledge.className = 'root-actions kbfe-knowledge';
    this.knowledge.dataset.testid = 'kbfe-knowledge';
    this.knowledge.append(
      cell('caption', 'Knowledge base (kept for the whole game)'),
      document.createElement('thead'),
      document.createElement('tbody'),
    );
    this.knowledge.tHead.append(row('th', ['Sprite type', 'Z', 'x̄', 'Wins', 'Losses'], { scope: 'col' }));
    const knowledgeNote = cell('p', 'Z counts the collisions with each type in every rollout, x̄ their mean score change. '
      + 'Curiosity (eq. 4) pays for raising a rare Z (ΔK = Z_F/Z_0 − 1, or Z_F for a new type); experience (eq. 5) pays for '
      + 'getting closer to types never met or with x̄ > 0; a rollout with no score change is worth 0.66·ΔZ + 0.33·ΔD (eq. 6).',
    { class: 'hint' });

    this.weights = document.createElement('table');
    this.weights.className = 'root-actions kbfe-weights';
    this.weights.dataset.testid = 'kbfe-weights';
    this.weights.append(cell('caption', 'Rollout weights W (best so far)'), document.createElement('thead'), document.createElement('tbody'));
    this.sigma = cell('p', '', { 'data-testid': 'kbfe-sigma', class: 'kbfe-sigma' });
    const weightsNote = cell('p', 'Each move\'s strength is a = Σ_j w_j·f_j over the distance f_j to the nearest sprite of type j '
      + '(eq. 2); rollouts draw moves with probability ∝ e^(−a) (eq. 3), so a negative w (blue) makes its move likelier the farther that type is. '
      + 'A column appears when a type is first seen; the (1+1)-ES mutates W with step σ, ×1.02 on an accept and ÷1.02 on a reject.',
    { class: 'hint' });

    panel.replaceChildren(title, this.knowledge, knowledgeNote, this.weights, this.sigma, weightsNote);
    panel.dataset.testid = 'kbfe-panel';
    this.clear();
  }

  /** Hides the view and forgets which types it has shown (a new game, another agent). */
  clear() {
    this.known.clear();
    this.panel.hidden = true;
    this.knowledge.tBodies[0].replaceChildren();
    this.weights.tHead.replaceChildren();
    this.weights.tBodies[0].replaceChildren();
    this.sigma.textContent = '';
    this.panel.dataset.types = '0';
    this.panel.dataset.columns = '0';
    this.panel.dataset.events = '0';
  }

  /** Shows `knowledge` (a KbKnowledge), `actionName(index)` naming W's rows; a type whose Z
   * turned positive since the last view flashes. Anything else (undefined) is ignored. */
  show(knowledge, actionName) {
    if (!knowledge || !Array.isArray(knowledge.types)) return;
    this.panel.hidden = false;
    const events = knowledge.types.reduce((sum, type) => sum + type.z, 0);
    // The knowledge base only grows during a game: fewer events mean a new game.
    if (events < Number(this.panel.dataset.events)) this.known.clear();
    const met = knowledge.types.filter((type) => type.z > 0);
    this.knowledge.tBodies[0].replaceChildren(...met.map((type) => {
      const tr = row('td', [type.name, type.z.toLocaleString('en-US'), signed(type.mean, 3),
        type.wins.toLocaleString('en-US'), type.losses.toLocaleString('en-US')]);
      tr.dataset.kind = String(type.kind);
      if (!this.known.has(type.kind)) {
        this.known.add(type.kind);
        tr.classList.add('kbfe-new');
      }
      return tr;
    }));
    const columns = knowledge.columns;
    this.weights.tHead.replaceChildren(row('th', ['Move', ...columns.map((column) => column.name)], { scope: 'col' }));
    const scale = knowledge.weights.reduce((max, w) => Math.max(max, Math.abs(w)), 0);
    this.weights.tBodies[0].replaceChildren(...knowledge.actions.map((name, action) => {
      const tr = document.createElement('tr');
      tr.append(cell('th', actionName?.(action) ?? name, { scope: 'row' }));
      columns.forEach((_, column) => {
        const w = knowledge.weights[action * columns.length + column];
        const td = cell('td', signed(w, 2));
        td.style.backgroundColor = heat(w, scale);
        tr.append(td);
      });
      return tr;
    }));
    this.weights.hidden = columns.length === 0;
    this.sigma.textContent = `σ = ${knowledge.sigma.toFixed(3)} · ${knowledge.accepted.toLocaleString('en-US')} accepted, `
      + `${knowledge.rejected.toLocaleString('en-US')} rejected`;
    // For tests and tools: how much the view holds.
    this.panel.dataset.types = String(met.length);
    this.panel.dataset.columns = String(columns.length);
    this.panel.dataset.events = String(events);
    this.panel.dataset.decisions = String(knowledge.accepted + knowledge.rejected);
  }
}

/** A table row of `tag` cells holding `texts`, each with `attrs`. */
function row(tag, texts, attrs) {
  const tr = document.createElement('tr');
  tr.append(...texts.map((text) => cell(tag, text, attrs)));
  return tr;
}
