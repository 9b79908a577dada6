// KB Fast-Evo MCTS's knowledge on the page (Perez et al., CIG 2014): what the agent has learnt
// about each sprite type (the knowledge base behind eqs. 4 and 5, with the last rollout's ΔK and
// ΔD), the last iteration's value broken into the terms of eq. 6, the weights W of its rollout
// policy (eqs. 1-3) with the evolution strategy's σ, and the ES strip (each candidate's fitness,
// the best so far, accepts and rejects). It reads the worker's `thinking` for a KB Fast-Evo
// search (a `KbKnowledge` from src/wasm/kb_memory.rs: live, or at a step of the timeline, which
// Rust rebuilds from the run's recording) and draws, each view with an explanation tied to its
// equation (the knowledge table's and W's in a fold that remembers its state, so the tables and
// the statistics fit beside the board at 1024x768). Numbers keep to a few characters: counts
// from 1,000 to three digits ("41.9K"), σ far from its start as "5.1 × 10⁴⁰", W's large weights
// in units of a power of ten. Text only, never HTML. The board's part (rays, policy arrows, rollout heat)
// is kbfe-board.js.

import { STRIP_COLORS, branchWords } from './kbfe-board.js';
import { compactCount, grouped, signed, valueText } from './numbers.js';
import { rememberedDetails } from './remembered-details.js';

/** How long a row flashes when its type is first met (the CSS animation's length). */
const FLASH_MS = 1500;

/** A number in at most five characters after a minus sign, as the knowledge table shows x̄, ΔK
 * and ΔD: two decimals below 10, one below 100, none below 10,000, else "1.2e5". */
function numberShort(value) {
  const size = Math.abs(value);
  const text = size >= 1e4 ? size.toExponential(1).replace('e+', 'e') : size.toFixed(size < 10 ? 2 : size < 100 ? 1 : 0);
  return value < 0 ? `−${text}` : text;
}


const SUPERSCRIPTS = { '-': '⁻', 0: '⁰', 1: '¹', 2: '²', 3: '³', 4: '⁴', 5: '⁵', 6: '⁶', 7: '⁷', 8: '⁸', 9: '⁹' };

/** 10 to the power `exponent` as the page writes it: "10⁴⁰", "10⁻⁶". */
function powerOfTen(exponent) {
  return `10${String(exponent).replace(/[-\d]/g, (c) => SUPERSCRIPTS[c])}`;
}

/** The ES's step size σ as the page writes it: three decimals from 0.01 to 9,999.999, else
 * "5.1 × 10⁴⁰" or "1.2 × 10⁻⁶" (ties keep growing it, rejects keep shrinking it: see `sigmaNote`). */
function sigmaText(sigma) {
  if ((sigma >= 1e-2 && sigma < 1e4) || sigma === 0 || !Number.isFinite(sigma)) return sigma.toFixed(3);
  const [mantissa, exponent] = sigma.toExponential(1).split('e');
  return `${mantissa} × ${powerOfTen(Number(exponent))}`;
}

/** σ above this is called huge on the page, below `SIGMA_TINY` tiny. */
const SIGMA_HUGE = 1e4;
const SIGMA_TINY = 1e-3;

/** A short note on a σ far from its start (0.1), else ''. */
function sigmaNote(sigma) {
  if (sigma >= SIGMA_HUGE) return 'Huge: a tie counts as a success, as the paper states, and each success grows σ ×1.02.';
  if (sigma > 0 && sigma < SIGMA_TINY) return 'Tiny: most candidates did worse than the best, and each failure shrinks σ ÷1.02.';
  return '';
}

/** A table cell holding `text`. */
function cell(tag, text, attrs = {}) {
  const el = document.createElement(tag);
  el.textContent = text;
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, value);
  return el;
}

/** A column head `short`, spelled out in `full` (an <abbr> whose title a pointer shows; the
 * panel's fold of notes says it in words for everyone). */
function head(short, full) {
  const th = cell('th', '', { scope: 'col' });
  th.append(full ? cell('abbr', short, { title: full }) : short);
  return th;
}

/** The heat of a weight: blue for a negative w (it makes its move likelier, eq. 3), red for a
 * positive one, translucent so the number written in the cell keeps its contrast; `scale` is
 * the largest |w| shown. */
function heat(weight, scale) {
  const strength = scale > 0 ? Math.min(1, Math.abs(weight) / scale) : 0;
  const alpha = (0.35 * strength).toFixed(3);
  return weight < 0 ? `rgba(37, 99, 235, ${alpha})` : `rgba(220, 38, 38, ${alpha})`;
}

/** The knowledge base's table and W's heat grid, filled from each `KbKnowledge` shown, in one
 * panel, and the last rollout (its value, the ES strip, the board's toggle) in another. */
export class KbfeView {
  /** Builds the view inside `panel` and `rolloutPanel` (empty sections, hidden until a KB
   * Fast-Evo search): what it has learnt in the first, set first beside the board so that the
   * knowledge table, W and the statistics under it fit a 1024x768 screen; the last rollout in
   * the second, under the statistics. */
  constructor(panel, rolloutPanel) {
    this.panel = panel;
    this.rolloutPanel = rolloutPanel;
    this.known = new Set(); // types with Z > 0 already shown live, so a discovery flashes once
    this.flashing = new Map(); // type → until when (performance.now()) its row flashes
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
    const heads = document.createElement('tr');
    heads.append(head('Type'), head('Z', 'Z: collisions with the type in all rollouts'), head('x̄', 'x̄: their mean score change'),
      head('Won/\u200blost', 'steps that won / lost the game'), head('ΔK', 'ΔK: the last rollout\'s curiosity term (eq. 4)'),
      head('ΔD', 'ΔD: the last rollout\'s experience term (eq. 5)'));
    this.knowledge.tHead.append(heads);
    const knowledgeNote = cell('p', 'Z counts the collisions with each type in every rollout, x̄ their mean score change, won/lost the steps that ended the game. '
      + 'Curiosity (eq. 4) pays for raising a rare Z (ΔK = Z_F/Z_0 − 1, or Z_F for a new type); experience (eq. 5) pays for '
      + 'getting closer to types never met or with x̄ > 0 (ΔD = 1 − D_F/D_0); ΔK and ΔD are the last rollout\'s, a row flashes when a type is first met. '
      + 'Counts from 1,000 are rounded to three digits: 41.9K is about 41,900.',
    { class: 'hint' });

    this.weights = document.createElement('table');
    this.weights.className = 'root-actions kbfe-weights';
    this.weights.dataset.testid = 'kbfe-weights';
    // W's title is a line of its own rather than a caption, which would be as narrow as a grid
    // of one or two columns; it names the unit of the weights (a power of ten).
    this.weightsTitle = cell('p', '', { class: 'kbfe-title', id: `${panel.id}-weights-title` });
    this.weights.setAttribute('aria-labelledby', this.weightsTitle.id);
    this.weights.append(document.createElement('thead'), document.createElement('tbody'));
    // σ and the ES's decisions, and a short note when σ has grown huge or shrunk tiny.
    this.sigma = cell('span', '', { 'data-testid': 'kbfe-sigma' });
    this.sigmaNote = cell('span', '', { 'data-testid': 'kbfe-sigma-note', class: 'kbfe-sigma-note' });
    const sigmaLine = cell('p', '', { class: 'kbfe-sigma' });
    sigmaLine.append(this.sigma, ' ', this.sigmaNote);
    const weightsNote = cell('p', 'Each move\'s strength is a = Σ_j w_j·f_j over the distance f_j to the nearest sprite of type j '
      + '(eq. 2); rollouts draw moves with probability ∝ e^(−a) (eq. 3), so a negative w (blue) makes its move likelier the farther that type is. '
      + 'A column appears when a type is first seen; the (1+1)-ES mutates W with step σ: a candidate at least as good as the best is accepted '
      + 'and σ grows ×1.02 (ties too, as the paper states), else σ shrinks ÷1.02: σ = 0.1 × 1.02^(accepted − rejected), counted since W was last started '
      + '(every act, unless W is kept across acts). '
      + 'So while every rollout wins, every candidate ties and σ grows without bound (10⁴⁰ once accepts outnumber rejects by some 4,770), W with it, '
      + 'and the rollouts all but always take their likeliest move. Large weights are written in units of a power of ten (the title above the grid names it).',
    { class: 'hint' });

    // Eq. 6, term by term, for the last iteration.
    this.reward = cell('div', '', { class: 'kbfe-reward', 'data-testid': 'kbfe-reward' });
    this.rewardTitle = cell('h3', 'Last rollout\'s value (eq. 6)');
    this.rewardBar = cell('div', '', { class: 'kbfe-bar', 'aria-hidden': 'true' });
    this.rewardText = cell('p', '', { class: 'kbfe-reward-text', 'data-testid': 'kbfe-reward-text' });
    const rewardNote = cell('p', 'Eq. 6: ±10,000,000 for a win or loss, else the score change ΔR if the score changed, else α·ΔZ + β·ΔD '
      + '(α = 0.66, β = 0.33 by default). A first key pickup logs 2 events: 0.66·2 = 1.32 outranks a mushroom\'s ΔR = 1.',
    { class: 'hint' });
    this.full = cell('p', '', { class: 'hint', 'data-testid': 'kbfe-full' });
    this.reward.append(this.rewardTitle, this.rewardBar, this.rewardText, this.full, rewardNote);

    // The (1+1)-ES's candidates.
    this.strip = cell('canvas', '', { class: 'kbfe-strip', 'data-testid': 'kbfe-strip', role: 'img', width: '360', height: '90' });
    this.stripText = cell('p', '', { class: 'kbfe-strip-text', 'data-testid': 'kbfe-strip-text' });
    const stripNote = cell('p', 'ES strip: one dot per rollout, its fitness (the value of eq. 6, log scale; colour: the branch that fired), '
      + 'the line the best fitness so far; a candidate at least as good is accepted (▲, σ ×1.02), else rejected (·, σ ÷1.02).',
    { class: 'hint' });

    this.board = document.createElement('label');
    this.board.className = 'kbfe-board-toggle';
    this.boardToggle = document.createElement('input');
    this.boardToggle.type = 'checkbox';
    this.boardToggle.checked = true;
    this.boardToggle.dataset.testid = 'kbfe-board-toggle';
    this.board.append(this.boardToggle, ' Draw rays, rollout policy and rollout heat on the board');
    /** Called when the board toggle changes (the page redraws). */
    this.onBoardToggle = null;
    this.boardToggle.addEventListener('change', () => this.onBoardToggle?.());
    const boardNote = cell('p', 'On the board: a dashed ray from the avatar to the nearest sprite of each feature type, labelled with f_j (eq. 2); '
      + 'orange arrows at the avatar, each move\'s probability under the best W (eq. 3; the ring marks 25 %); violet dots, cells the rollouts visited.',
    { class: 'hint' });

    // The tables scroll sideways rather than cut a column should a column be too narrow for them
    // (a long sprite name wraps first; W's numbers keep to a few digits in units of a power of ten).
    const knowledgeBox = cell('div', '', { class: 'kbfe-table-box', tabindex: '0', role: 'region', 'aria-label': 'Knowledge base table' });
    knowledgeBox.append(this.knowledge);
    this.weightsBox = cell('div', '', { class: 'kbfe-table-box', tabindex: '0', role: 'region', 'aria-label': 'Rollout weights table' });
    this.weightsBox.append(this.weights);
    // What it has learnt, the words on it in a fold (as its reader last left it).
    panel.replaceChildren(title, knowledgeBox, this.weightsTitle, this.weightsBox, sigmaLine,
      rememberedDetails('kbfe-notes', 'What these numbers mean (eqs. 2–5)', [knowledgeNote, weightsNote]));
    panel.dataset.testid = 'kbfe-panel';
    const rolloutTitle = cell('h2', 'KB Fast-Evo\'s last rollout', { id: `${rolloutPanel.id}-title` });
    rolloutPanel.setAttribute('aria-labelledby', rolloutTitle.id);
    rolloutPanel.replaceChildren(rolloutTitle, this.reward, this.strip, this.stripText, stripNote, this.board, boardNote);
    rolloutPanel.dataset.testid = 'kbfe-rollout-panel';
    this.clear();
  }

  /** Hides the view and forgets which types it has shown (a new game, another agent). */
  clear() {
    this.known.clear();
    this.flashing.clear();
    this.panel.hidden = true;
    this.rolloutPanel.hidden = true;
    this.knowledge.tBodies[0].replaceChildren();
    this.weights.tHead.replaceChildren();
    this.weights.tBodies[0].replaceChildren();
    this.sigma.textContent = '';
    this.sigmaNote.hidden = true;
    this.reward.hidden = true;
    this.strip.hidden = true;
    this.stripText.textContent = '';
    this.last = null;
    this.panel.dataset.step = '';
    this.panel.dataset.iterations = '0';
    this.panel.dataset.types = '0';
    this.panel.dataset.columns = '0';
    this.panel.dataset.events = '0';
  }

  /** Shows `knowledge` (a KbKnowledge), `actionName(index)` naming W's rows; a type the last
   * rollout met first flashes, and, live (`atStep` false), one whose Z turned positive since the
   * last view. Anything else (undefined) is ignored. */
  show(knowledge, actionName, atStep = false) {
    if (!knowledge || !Array.isArray(knowledge.types)) return;
    this.panel.hidden = false;
    this.rolloutPanel.hidden = false;
    const events = knowledge.types.reduce((sum, type) => sum + type.z, 0);
    // The knowledge base only grows during a game: fewer events mean a new game.
    // (A step of the timeline may show fewer: scrubbing back is not a new game.)
    if (!atStep && events < Number(this.panel.dataset.events)) this.known.clear();
    const now = performance.now();
    const met = knowledge.types.filter((type) => type.z > 0);
    const terms = new Map((knowledge.iteration?.terms ?? []).map((t) => [t.kind, t]));
    this.knowledge.tBodies[0].replaceChildren(...met.map((type) => {
      const term = terms.get(type.kind);
      const tr = row('td', [type.name, compactCount(type.z), numberShort(type.mean), `${compactCount(type.wins)}/${compactCount(type.losses)}`,
        term ? numberShort(term.deltaK) : '–', term ? numberShort(term.deltaD) : '–']);
      tr.dataset.kind = String(type.kind);
      // A flash on discovery: the last rollout met the type first, or it is new since the last view.
      if (term?.discovered || (!atStep && !this.known.has(type.kind))) this.flashing.set(type.kind, now + FLASH_MS);
      if (!atStep) this.known.add(type.kind);
      // A row redrawn while it flashes (the next view) keeps flashing.
      if ((this.flashing.get(type.kind) ?? 0) > now) tr.classList.add('kbfe-new');
      return tr;
    }));
    const columns = knowledge.columns;
    this.weights.tHead.replaceChildren(row('th', ['Move', ...columns.map((column) => column.name)], { scope: 'col' }));
    const scale = knowledge.weights.reduce((max, w) => Math.max(max, Math.abs(w)), 0);
    // Weights of 1,000 and more (σ grows them on every tie) in units of a power of ten, so each
    // cell keeps to a few digits: "+7.89" in a table "× 10⁴⁰".
    const exponent = scale >= 1e3 ? Math.floor(Math.log10(scale)) : 0;
    this.weightsTitle.textContent = `Rollout weights W (best so far)${exponent ? ` × ${powerOfTen(exponent)}` : ''}`;
    this.weights.tBodies[0].replaceChildren(...knowledge.actions.map((name, action) => {
      const tr = document.createElement('tr');
      tr.append(cell('th', actionName?.(action) ?? name, { scope: 'row' }));
      columns.forEach((_, column) => {
        const w = knowledge.weights[action * columns.length + column];
        const td = cell('td', signed(w / 10 ** exponent, 2));
        td.style.backgroundColor = heat(w, scale);
        tr.append(td);
      });
      return tr;
    }));
    this.weightsBox.hidden = columns.length === 0;
    this.weightsTitle.hidden = this.weightsBox.hidden;
    this.sigma.textContent = `σ = ${sigmaText(knowledge.sigma)} · ${grouped(knowledge.accepted)} accepted, `
      + `${grouped(knowledge.rejected)} rejected`;
    this.sigmaNote.textContent = sigmaNote(knowledge.sigma);
    this.sigmaNote.hidden = this.sigmaNote.textContent === '';
    this.showReward(knowledge.iteration);
    this.full.hidden = knowledge.fullAt === null || knowledge.fullAt === undefined;
    this.full.textContent = this.full.hidden ? ''
      : `The recording of rollouts filled up at step ${grouped(knowledge.fullAt)}: later steps show that one.`;
    this.showStrip(knowledge.strip ?? []);
    this.last = knowledge;
    // For tests and tools: how much the view holds.
    this.panel.dataset.step = knowledge.iteration ? String(knowledge.iteration.step) : '';
    this.panel.dataset.iterations = String(knowledge.iterations ?? 0);
    this.panel.dataset.types = String(met.length);
    this.panel.dataset.columns = String(columns.length);
    this.panel.dataset.events = String(events);
    this.panel.dataset.decisions = String(knowledge.accepted + knowledge.rejected);
  }

  /** The last iteration's value term by term (a bar and its numbers); hidden without one. */
  showReward(iteration) {
    this.reward.hidden = !iteration;
    if (!iteration) return;
    const r = iteration.reward;
    const parts = [
      { key: 'score', label: r.branch === 'knowledge' ? 'ΔR' : 'score', value: r.score },
      { key: 'curiosity', label: `${r.alpha}·ΔZ`, value: r.curiosity },
      { key: 'experience', label: `${r.beta}·ΔD`, value: r.experience },
    ];
    const total = parts.reduce((sum, part) => sum + Math.abs(part.value), 0);
    this.rewardBar.replaceChildren(...parts.filter((part) => part.value !== 0).map((part) => {
      const span = cell('span', '', { class: `kbfe-bar-${part.key}` });
      span.style.width = `${((100 * Math.abs(part.value)) / Math.max(total, 1)).toFixed(1)}%`;
      return span;
    }));
    this.rewardBar.hidden = r.terminal !== 0 || total === 0;
    this.rewardTitle.textContent = `Rollout ${grouped(iteration.step)}: value ${valueText(r.value)} (eq. 6, ${branchWords(r.branch)})`;
    const terms = [`ΔR = ${signed(r.deltaScore, 2)}`, `${r.alpha}·ΔZ = ${r.alpha}·${signed(r.deltaZ, 3)} = ${signed(r.alpha * r.deltaZ, 3)}`,
      `${r.beta}·ΔD = ${r.beta}·${signed(r.deltaD, 3)} = ${signed(r.beta * r.deltaD, 3)}`];
    if (r.terminal !== 0) terms.unshift(`${r.terminal > 0 ? 'won' : 'lost'}: ${signed(r.terminal, 0)}`);
    const curious = r.alpha * r.deltaZ;
    const outranks = r.branch === 'knowledge' && curious > 1 ? ' Curiosity alone outranks a score gain of 1 here.' : '';
    this.rewardText.textContent = `${terms.join(' · ')}.${outranks}`;
    this.reward.dataset.branch = r.branch;
    this.reward.dataset.value = String(r.value);
  }

  /** The ES strip: the candidates' fitness, the best so far, accepts and rejects. */
  showStrip(strip) {
    this.strip.hidden = strip.length === 0;
    this.panel.dataset.strip = String(strip.length);
    if (strip.length === 0) {
      this.stripText.textContent = '';
      return;
    }
    const accepted = strip.filter((p) => p.decision.accepted).length;
    const first = strip[0].step;
    const last = strip[strip.length - 1];
    const text = `ES: rollouts ${grouped(first)}–${grouped(last.step)}, ${accepted} of ${strip.length} accepted; `
      + `best fitness ${valueText(last.decision.bestFitness)}, σ = ${sigmaText(last.decision.sigma)}`;
    this.stripText.textContent = text;
    this.strip.setAttribute('aria-label', text);
    drawStrip(this.strip, strip);
  }

  /** What the board should draw (its overlay's `kbfe`): `knowledge` (by default the last shown)
   * when the toggle is on and it has a root, else undefined. */
  boardKnowledge(knowledge = this.last) {
    return this.boardToggle.checked && knowledge?.root ? knowledge : undefined;
  }
}

/** Fitness on a symmetric log scale, so 1.32 and ±1e7 fit on one strip. */
function symlog(value) {
  return Math.sign(value) * Math.log10(1 + Math.abs(value));
}

/** Draws `strip` (StripPoint[]) on `canvas`: zero line, the best-so-far line, a dot per
 * candidate coloured by its branch, accept ▲ and reject · marks along the bottom. */
function drawStrip(canvas, strip) {
  const ctx = canvas.getContext('2d');
  const w = canvas.width;
  const h = canvas.height;
  ctx.clearRect(0, 0, w, h);
  const marks = 10;
  const top = 4;
  const bottom = h - marks - 4;
  const ys = strip.flatMap((p) => [symlog(p.decision.fitness), symlog(p.decision.bestFitness)]).filter(Number.isFinite);
  const hi = Math.max(0.5, ...ys);
  const lo = Math.min(0, ...ys);
  const y = (v) => bottom - ((symlog(v) - lo) / (hi - lo || 1)) * (bottom - top);
  const x = (i) => 4 + (i * (w - 8)) / Math.max(1, strip.length - 1);
  const css = getComputedStyle(canvas);
  ctx.strokeStyle = css.color;
  ctx.globalAlpha = 0.35;
  ctx.beginPath();
  ctx.moveTo(0, y(0));
  ctx.lineTo(w, y(0));
  ctx.stroke();
  ctx.globalAlpha = 1;
  ctx.strokeStyle = STRIP_COLORS.best;
  ctx.lineWidth = 2;
  ctx.beginPath();
  strip.forEach((p, i) => {
    const best = p.decision.bestFitness;
    if (!Number.isFinite(best)) return;
    if (i === 0) ctx.moveTo(x(i), y(best)); else ctx.lineTo(x(i), y(best));
  });
  ctx.stroke();
  strip.forEach((p, i) => {
    ctx.fillStyle = STRIP_COLORS[p.branch] ?? css.color;
    ctx.beginPath();
    ctx.arc(x(i), y(p.decision.fitness), 2.5, 0, Math.PI * 2);
    ctx.fill();
    if (p.decision.accepted) {
      ctx.fillStyle = STRIP_COLORS.accepted;
      ctx.beginPath();
      ctx.moveTo(x(i), h - marks);
      ctx.lineTo(x(i) - 3, h - 2);
      ctx.lineTo(x(i) + 3, h - 2);
      ctx.fill();
    } else {
      ctx.fillStyle = css.color;
      ctx.globalAlpha = 0.5;
      ctx.fillRect(x(i) - 0.75, h - 5, 1.5, 1.5);
      ctx.globalAlpha = 1;
    }
  });
}

/** A table row of `tag` cells holding `texts`, each with `attrs`. */
function row(tag, texts, attrs) {
  const tr = document.createElement('tr');
  tr.append(...texts.map((text) => cell(tag, text, attrs)));
  return tr;
}
