// The search timeline: one component under every board, for every game and algorithm. A slider
// (role slider, named "Search timeline") over the steps of the recorded run on show, with buttons
// to step one step back or forward, jump to the previous or next marker ("plan found", "new best
// move", "depth 5 done", drawn on the track with their labels), play backward or forward at a
// chosen pace, and jump to the start or the end. While the run is live and the slider is at its
// end, the timeline follows the run; any other position shows the run as it was at that step.
//
// The component only chooses a step: whoever draws subscribes (`subscribe`) and is told each
// chosen step, so one timeline can drive several boards. Keys on the slider: the arrows (plain,
// Shift or Alt) and `,` `.` step, Home/End jump; elsewhere on the page `globalKey` takes `,`,
// Shift+arrows, Home/End, and `.` while the slider is not at the run's end (at the end, `.` is
// the playground's Step).

import { statText } from './stats.js';
import { crispContext } from './board.js';
import { grouped } from './numbers.js';

/** Replay paces offered, in steps a second. */
const PACES = [1, 10, 100, 1000, 10000];
const DEFAULT_PACE = 10;
/** Horizontal room the slider's thumb takes at each end of the track, in CSS pixels. */
const THUMB_PAD = 8;
/** The smallest marker label the track draws, in CSS pixels. */
const MIN_LABEL_PX = 12;
/** Which marker's label the track keeps when labels would overlap: the higher first. */
const LABEL_PRIORITY = { full: 5, limit: 4, plan_found: 3, depth_done: 2, cutoff: 1, best_move: 0 };
/** Pixels kept free between two labels. */
const LABEL_GAP = 6;
/** Marker colours by kind (theme-independent, readable on light and dark panels). */
const MARKER_COLORS = {
  plan_found: '#1c9a5a',
  best_move: '#2f6fe0',
  depth_done: '#8a5cd0',
  cutoff: '#c2410c',
  limit: '#b3261e',
  full: '#b3261e',
};

export class SearchTimeline {
  /** Builds the timeline's controls inside `root` (an empty element), hidden until a run begins. */
  constructor(root) {
    this.root = root;
    this.listeners = new Set();
    this.run = null; // the recorded run on show (a request id), or null
    this.owner = null; // who began it (a game's controller)
    this.length = 0;
    this.fullAt = null;
    this.markers = [];
    this.memoryBytes = null; // the size of the recording, once known
    this.stepShown = 0;
    this.following = true;
    this.live = false;
    this.playing = 0; // -1 backward, 1 forward, 0 not playing
    this.build();
    this.clear();
  }

  // ---------- building ----------

  build() {
    const el = (tag, props = {}, ...children) => {
      const node = Object.assign(document.createElement(tag), props);
      node.append(...children);
      return node;
    };
    const button = (label, text, shortcut, action) => {
      const b = el('button', { type: 'button', className: 'quiet', textContent: text });
      b.setAttribute('aria-label', label);
      if (shortcut) b.setAttribute('aria-keyshortcuts', shortcut);
      b.addEventListener('click', action);
      return b;
    };
    this.slider = el('input', { type: 'range', min: '0', max: '0', step: '1', value: '0' });
    this.slider.setAttribute('aria-label', 'Search timeline');
    this.slider.dataset.testid = 'timeline';
    this.slider.addEventListener('input', () => this.choose(Number(this.slider.value)));
    this.slider.addEventListener('keydown', (event) => this.sliderKey(event));
    this.track = el('canvas', { className: 'timeline-markers' });
    this.track.setAttribute('aria-hidden', 'true');
    this.track.addEventListener('click', (event) => this.markerClick(event));
    this.track.addEventListener('mousemove', (event) => {
      const marker = this.markerNear(event);
      this.track.title = marker ? `${marker.label} (step ${statText(marker.step)})` : '';
    });
    new ResizeObserver(() => this.drawMarkers()).observe(this.track);
    this.startButton = button('Start of the search', '«', 'Home', () => this.choose(0));
    this.prevMarker = button('Previous marker', '⇤', null, () => this.jumpMarker(-1));
    this.back = button('One step back', '‹', ',', () => this.choose(this.stepShown - 1));
    this.playBack = button('Play backward', '◀', null, () => this.togglePlay(-1));
    this.playForward = button('Play forward', '▶', null, () => this.togglePlay(1));
    this.forward = button('One step forward', '›', '.', () => this.choose(this.stepShown + 1));
    this.nextMarker = button('Next marker', '⇥', null, () => this.jumpMarker(1));
    this.endButton = button('End of the search (follow it while it runs)', '»', 'End', () => this.choose(this.length));
    for (const b of [this.playBack, this.playForward]) b.setAttribute('aria-pressed', 'false');
    this.pace = el('select');
    for (const pace of PACES) this.pace.append(el('option', { value: String(pace), textContent: `${statText(pace)} steps/s`, selected: pace === DEFAULT_PACE }));
    this.position = el('span', { className: 'timeline-position' });
    this.position.dataset.testid = 'timeline-position';
    this.markerText = el('span', { className: 'timeline-marker' });
    this.fullNote = el('span', { className: 'timeline-full', hidden: true });
    this.fullNote.dataset.testid = 'timeline-full';
    this.root.classList.add('timeline');
    this.root.append(
      el('div', { className: 'timeline-track' }, this.track, this.slider),
      el('div', { className: 'row timeline-buttons' },
        this.startButton, this.prevMarker, this.back, this.playBack, this.playForward, this.forward, this.nextMarker, this.endButton,
        el('label', { className: 'inline' }, 'Replay pace ', this.pace)),
      el('p', { className: 'timeline-text' }, this.position, ' ', this.markerText, ' ', this.fullNote),
    );
  }

  // ---------- what the owner of a run calls ----------

  /** Shows run `run` (a recorded request's id), begun by `owner`, following it from step 0. */
  begin(run, owner) {
    this.stopPlaying();
    this.run = run;
    this.owner = owner;
    this.length = 0;
    this.fullAt = null;
    this.markers = [];
    this.memoryBytes = null;
    this.stepShown = 0;
    this.following = true;
    this.live = true;
    this.root.hidden = false;
    this.update();
  }

  /** The live run now has `length` steps on record (`fullAt`: where recording stopped, or null). */
  grow(length, fullAt) {
    this.length = length;
    this.fullAt = fullAt ?? null;
    if (this.following) this.stepShown = length;
    this.update();
  }

  /** The run ended with `length` steps on record: the timeline stays to be scrubbed. */
  finish(length, fullAt) {
    this.live = false;
    this.grow(length, fullAt);
  }

  /** The markers of the run on show and the size of its recording in bytes (from a view asked
   * with `markers: true`). */
  setMarkers(markers, memoryBytes) {
    this.markers = markers ?? [];
    this.memoryBytes = memoryBytes ?? null;
    this.update();
  }

  /** No run on show: the timeline hides. */
  clear() {
    this.stopPlaying();
    this.run = null;
    this.owner = null;
    this.live = false;
    this.length = 0;
    this.markers = [];
    this.stepShown = 0;
    this.following = true;
    this.root.hidden = true;
  }

  /** Whether the run on show is live and the slider follows it (boards show the live search). */
  showsLive() {
    return this.live && this.following;
  }

  /** Calls `listener({ run, owner, step, following, live, at })` whenever a step is chosen (`at`:
   * performance.now() of the input). Returns a function that unsubscribes. */
  subscribe(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // ---------- choosing a step ----------

  /** Moves to `step` (clamped to the run), as a person's input would, and tells the listeners. */
  choose(step) {
    if (this.run === null) return;
    const at = performance.now();
    const clamped = Math.max(0, Math.min(this.length, Math.round(step)));
    this.stepShown = clamped;
    this.following = clamped === this.length;
    this.update();
    const event = { run: this.run, owner: this.owner, step: clamped, following: this.following, live: this.live, at };
    for (const listener of this.listeners) listener(event);
  }

  /** The step shown. */
  get step() {
    return this.stepShown;
  }

  jumpMarker(direction) {
    const target = this.markerFrom(direction);
    if (target) this.choose(target.step);
  }

  /** The nearest marker strictly before (direction -1) or after (1) the step shown, or null. */
  markerFrom(direction) {
    const steps = this.markers.filter((m) => (direction < 0 ? m.step < this.stepShown : m.step > this.stepShown));
    if (!steps.length) return null;
    return direction < 0 ? steps[steps.length - 1] : steps[0];
  }

  togglePlay(direction) {
    if (this.playing === direction) {
      this.stopPlaying();
      return;
    }
    this.stopPlaying();
    this.playing = direction;
    let last = performance.now();
    let credit = 0;
    const tick = (now) => {
      if (this.playing !== direction) return;
      credit += (Number(this.pace.value) * Math.max(0, now - last)) / 1000;
      last = now;
      const steps = Math.floor(credit);
      credit -= steps;
      if (steps > 0) this.choose(this.stepShown + direction * steps);
      const atEdge = direction < 0 ? this.stepShown === 0 : this.stepShown === this.length && !this.live;
      if (atEdge) this.stopPlaying();
      else this.frame = requestAnimationFrame(tick);
    };
    this.frame = requestAnimationFrame(tick);
    this.update();
  }

  stopPlaying() {
    this.playing = 0;
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = null;
    if (this.playBack) this.update();
  }

  // ---------- keys ----------

  sliderKey(event) {
    if (event.ctrlKey || event.metaKey) return;
    const delta = stepKey(event, true);
    if (delta !== 0) {
      event.preventDefault();
      this.choose(this.stepShown + delta);
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      this.choose(event.key === 'Home' ? 0 : this.length);
    }
  }

  /**
   * The timeline's keys anywhere on the page (not in a form field): `,` and Shift+arrows step,
   * Home/End jump, `.` steps forward unless the slider is at the end. Returns whether it took
   * the key.
   */
  globalKey(event) {
    if (this.run === null || event.ctrlKey || event.metaKey || event.altKey) return false;
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return false;
    let delta = stepKey(event, false);
    if (event.key === '.' && this.stepShown === this.length) delta = 0;
    if (delta !== 0) {
      event.preventDefault();
      this.choose(this.stepShown + delta);
      return true;
    }
    if ((event.key === 'Home' || event.key === 'End') && !event.shiftKey) {
      event.preventDefault();
      this.choose(event.key === 'Home' ? 0 : this.length);
      return true;
    }
    return false;
  }

  // ---------- showing ----------

  update() {
    if (!this.slider) return;
    const { length, stepShown } = this;
    this.slider.max = String(length);
    this.slider.value = String(stepShown);
    const text = `Step ${statText(stepShown)} of ${statText(length)}${this.showsLive() ? ', following the search' : ''}`;
    this.slider.setAttribute('aria-valuetext', text);
    this.slider.dataset.step = String(stepShown);
    this.slider.dataset.length = String(length);
    this.slider.dataset.following = String(this.following);
    const size = this.memoryBytes === null ? '' : ` Recorded in ${grouped(this.memoryBytes / 1e6, { maximumFractionDigits: 1 })} MB.`;
    this.position.textContent = `${text}.${size}`;
    this.slider.dataset.memoryBytes = String(this.memoryBytes ?? '');
    const passed = this.markers.filter((m) => m.step <= stepShown);
    const last = passed[passed.length - 1];
    this.markerText.textContent = last ? `Last marker: ${last.label} (step ${statText(last.step)}).` : '';
    this.fullNote.hidden = this.fullAt === null;
    this.fullNote.textContent = this.fullAt === null ? '' : `Timeline full at step ${statText(this.fullAt)}: the search went on unrecorded.`;
    const before = this.markerFrom(-1);
    const after = this.markerFrom(1);
    this.prevMarker.disabled = !before;
    this.nextMarker.disabled = !after;
    this.prevMarker.setAttribute('aria-label', before ? `Previous marker: ${before.label} at step ${statText(before.step)}` : 'Previous marker');
    this.nextMarker.setAttribute('aria-label', after ? `Next marker: ${after.label} at step ${statText(after.step)}` : 'Next marker');
    this.back.disabled = stepShown === 0;
    this.startButton.disabled = stepShown === 0;
    this.forward.disabled = stepShown === length;
    this.endButton.disabled = stepShown === length;
    this.playBack.setAttribute('aria-pressed', String(this.playing === -1));
    this.playForward.setAttribute('aria-pressed', String(this.playing === 1));
    this.drawMarkers();
  }

  /** The x of `step` on the marker track, in CSS pixels (the slider thumb's centre). */
  xOf(step, width) {
    return THUMB_PAD + (this.length > 0 ? (step / this.length) * (width - 2 * THUMB_PAD) : 0);
  }

  drawMarkers() {
    // Hidden (no run on show, as while the page starts), the track has no box: reading its size
    // would only make the browser lay out the page once more. The ResizeObserver draws it once
    // shown.
    if (this.root.hidden) return;
    const canvas = this.track;
    const cleared = crispContext(canvas);
    if (!cleared) return;
    const { ctx, width, height } = cleared;
    // Labels in the track's own CSS font size and colour (the tick keeps the marker's colour);
    // the size drawn is left in `data-label-px` for tests.
    const style = getComputedStyle(canvas);
    const labelPx = Math.max(MIN_LABEL_PX, parseFloat(style.fontSize) || 0);
    canvas.dataset.labelPx = String(labelPx);
    ctx.font = `${labelPx}px system-ui, sans-serif`;
    ctx.textBaseline = 'top';
    for (const marker of this.markers) {
      const x = Math.round(this.xOf(marker.step, width)) + 0.5;
      ctx.strokeStyle = MARKER_COLORS[marker.kind] ?? '#888';
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.moveTo(x, height - 9);
      ctx.lineTo(x, height);
      ctx.stroke();
    }
    const labels = placeLabels(this.markers.map((m) => ({ marker: m, x: this.xOf(m.step, width) })), width, (text) => ctx.measureText(text).width);
    ctx.fillStyle = style.color;
    for (const label of labels) ctx.fillText(label.text, label.left, 0);
    canvas.dataset.labels = JSON.stringify(labels.map(({ text, left, right }) => ({ text, left: Math.round(left), right: Math.round(right) })));
  }

  /** The marker within a few pixels of a pointer event on the track, or null. */
  markerNear(event) {
    const rect = this.track.getBoundingClientRect();
    const x = event.clientX - rect.left;
    let best = null;
    for (const marker of this.markers) {
      const d = Math.abs(this.xOf(marker.step, rect.width) - x);
      if (d <= 6 && (!best || d < best.d)) best = { d, marker };
    }
    return best?.marker ?? null;
  }

  markerClick(event) {
    const marker = this.markerNear(event);
    if (marker) this.choose(marker.step);
  }
}

/**
 * The labels the marker track draws, none overlapping another: `items` are { marker, x } in step
 * order, `width` the track's width and `measure(text)` a text's width, all in CSS pixels. Labels
 * are placed most important kind first (LABEL_PRIORITY), then in step order, each centred on its
 * marker (kept inside the track) where it overlaps no label placed before, with room for a count
 * on its right; a marker whose label
 * finds no room is counted by the placed label nearest to it, which then reads "new best move ×3"
 * (markers of its own label) or "plan found +2" (others among them). Returns [{ text, left, right }] from left to right.
 */
export function placeLabels(items, width, measure) {
  const countRoom = measure(` ×${items.length}`);
  const order = [...items].sort((a, b) => (LABEL_PRIORITY[b.marker.kind] ?? 0) - (LABEL_PRIORITY[a.marker.kind] ?? 0) || a.marker.step - b.marker.step);
  const placed = [];
  for (const item of order) {
    const textWidth = measure(item.marker.label);
    const left = Math.max(0, Math.min(item.x - textWidth / 2, width - textWidth - countRoom));
    const right = left + textWidth + countRoom;
    if (placed.every((p) => right + LABEL_GAP <= p.left || left >= p.right + LABEL_GAP)) {
      placed.push({ marker: item.marker, left, right, same: 0, others: 0 });
      continue;
    }
    const distance = (p) => Math.max(p.left - item.x, item.x - p.right, 0);
    const nearest = placed.reduce((best, p) => (distance(p) < distance(best) ? p : best));
    if (nearest.marker.label === item.marker.label) nearest.same += 1;
    else nearest.others += 1;
  }
  return placed
    .sort((a, b) => a.left - b.left)
    .map((p) => {
      const count = p.others > 0 ? ` +${p.same + p.others}` : p.same > 0 ? ` ×${p.same + 1}` : '';
      const text = `${p.marker.label}${count}`;
      return { text, left: p.left, right: p.left + measure(text) };
    });
}

/**
 * The step a key asks for: -1, 1 or 0 (not a step key). `,` and `.` step; the arrows step with
 * Shift, and with Alt or alone too when `onSlider` (the slider's own keys).
 */
function stepKey(event, onSlider) {
  if (event.key === ',') return -1;
  if (event.key === '.') return 1;
  const arrows = { ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1 };
  const delta = arrows[event.key] ?? 0;
  if (!delta) return 0;
  if (onSlider || event.shiftKey) return delta;
  return 0;
}
