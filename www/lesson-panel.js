// Guided lessons: the "Lessons" button, the list of lessons and the panel of the step on show (its
// text, its question for the class, "Step 2 of 5", Back and Next). Lessons are data files,
// `lessons/<name>.json`, listed in `lessons/index.json` (lessons/README.md gives the format), so a
// teacher adds one without touching code. A step is a link: `#v=1&lesson=<name>&step=<n>` (the
// keys are read and written in Rust, src/share/page.rs); the shell opens the step's own share link
// on the board, and this panel only says which step is on show and moves between steps by
// writing the address bar. A step may ask for a search to be run and the timeline put at a step
// ("Run and show step N"), which no link can say.
//
// Keys while a lesson is open: Page Down (or a presenter's clicker) for Next, Page Up for Back.

import { takeEarly } from './prefetch.js';

const INDEX = 'lessons/index.json';

/** Fetches a lesson file as JSON (the response of prefetch.js's fetch of it, if it made one); the
 * error names the file. */
async function fetchJson(path) {
  let response;
  try {
    response = await (takeEarly(path) ?? fetch(path));
  } catch (e) {
    throw new Error(`${path} could not be fetched: ${e.message}`);
  }
  if (!response.ok) throw new Error(`${path} could not be fetched (HTTP ${response.status})`);
  return response.json();
}

/** A promise of the lessons' names in the list's order (index.json), once asked. */
let names = null;
/** Lesson name → a promise of the lesson's data, once asked. */
const files = new Map();

/** The lessons' names, from the index (read once; a failed read is tried again next time). */
function lessonNames() {
  names ??= fetchJson(INDEX).then((index) => index.lessons);
  names.catch(() => { names = null; });
  return names;
}

/** The file of lesson `name` (one Rust's link parser accepts, [a-z][a-z0-9-]*), fetched once
 * (again after a failure), with the index; unchecked against the index: the panel's `lesson`
 * checks it. A lesson link's file and the index come from prefetch.js's fetches, made while the
 * page loaded. */
export function prefetchLesson(name) {
  lessonNames().catch(() => {});
  if (!files.has(name)) {
    const data = fetchJson(`lessons/${name}.json`);
    files.set(name, data);
    data.catch(() => files.delete(name));
  }
  return files.get(name);
}

function el(tag, props = {}, ...children) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

export class LessonPanel {
  /**
   * Builds the panel inside `root` (an empty element, hidden until opened); `toggle` is the
   * Lessons button. `stepHref(lesson)` is the fragment of a lesson step ({ name, step }) with the
   * page's other settings; `run()` starts the search on show (Run in side by side, else Play) and
   * returns a function that says whether it has ended; `showSearchStep(n)` puts the search
   * timeline at step n; `onClose()` is called when the panel closes.
   */
  constructor({ root, toggle, stepHref, run, showSearchStep, onClose }) {
    this.root = root;
    this.toggle = toggle;
    this.showSearchStep = showSearchStep;
    this.stepHref = stepHref;
    this.run = run;
    this.onClose = onClose;
    this.current = null; // { name, step } on show, or null (the list)
    this.read = new Map(); // name → the lesson's data, once read
    this.build();
    toggle.addEventListener('click', () => (this.root.hidden ? this.showList() : this.close()));
  }

  build() {
    this.heading = el('h2', { id: 'lesson-heading', textContent: 'Lessons' });
    this.list = el('ol', { className: 'lesson-list', hidden: true });
    this.list.dataset.testid = 'lesson-list';
    this.progress = el('p', { className: 'lesson-progress' });
    this.progress.dataset.testid = 'lesson-progress';
    this.progress.setAttribute('aria-live', 'polite');
    this.text = el('p', { className: 'lesson-text' });
    this.text.dataset.testid = 'lesson-text';
    this.question = el('p', { className: 'lesson-question' });
    this.question.dataset.testid = 'lesson-question';
    this.showStepButton = el('button', { type: 'button', hidden: true });
    this.showStepButton.dataset.testid = 'lesson-run';
    this.showStepButton.addEventListener('click', () => this.runToTimelineStep());
    this.back = el('button', { type: 'button', textContent: 'Back' });
    this.back.dataset.testid = 'lesson-back';
    this.back.setAttribute('aria-keyshortcuts', 'PageUp');
    this.back.addEventListener('click', () => this.move(-1));
    this.next = el('button', { type: 'button', textContent: 'Next' });
    this.next.dataset.testid = 'lesson-next';
    this.next.setAttribute('aria-keyshortcuts', 'PageDown');
    this.next.addEventListener('click', () => this.move(1));
    this.all = el('button', { type: 'button', className: 'quiet', textContent: 'All lessons' });
    this.all.addEventListener('click', () => this.showList());
    this.closeButton = el('button', { type: 'button', className: 'quiet', textContent: 'Close lessons' });
    this.closeButton.addEventListener('click', () => this.close());
    // One row for the title, the progress and the buttons, so the board stays in view.
    this.nav = el('div', { className: 'row lesson-nav', hidden: true }, this.progress, this.back, this.next, this.all);
    this.stepView = el('div', { className: 'lesson-step', hidden: true }, this.text, this.question, this.showStepButton);
    // In class mode a long step scrolls inside the panel: a stop for the keyboard, so it can.
    this.stepView.tabIndex = 0;
    this.stepView.setAttribute('role', 'group');
    this.stepView.setAttribute('aria-label', 'Lesson step');
    this.root.setAttribute('aria-labelledby', 'lesson-heading');
    this.root.append(el('div', { className: 'row lesson-head' }, this.heading, this.nav, this.closeButton), this.list, this.stepView);
  }

  /** The lessons' names, from the index (read once). */
  lessonNames() {
    return lessonNames();
  }

  /** The file of lesson `name`, fetched once (see `prefetchLesson`). */
  lessonFile(name) {
    return prefetchLesson(name);
  }

  /** A lesson's data (read once); the error names the field of the link. The lesson's file is
   * fetched while the index is (`name` is one Rust's link parser accepted, [a-z][a-z0-9-]*), so a
   * link costs one round trip, not two; a name the index lacks is refused all the same. */
  async lesson(name) {
    const data = this.lessonFile(name);
    const names = await this.lessonNames();
    if (!names.includes(name)) {
      throw new Error(`share link, field 'lesson': no lesson named '${name}' (lessons: ${names.join(', ')})`);
    }
    return data;
  }

  /**
   * The step a link names ({ name, step }, checked by Rust for its spelling and range): resolves
   * to the step's data, or rejects with a message naming the field when the lesson does not
   * exist or has fewer steps.
   */
  async stepOf({ name, step }) {
    const lesson = await this.lesson(name);
    this.read.set(name, lesson);
    if (step > lesson.steps.length) {
      throw new Error(`share link, field 'step': lesson '${name}' has ${lesson.steps.length} steps, got ${step}`);
    }
    return lesson.steps[step - 1];
  }

  /** Shows step { name, step } (already read by `stepOf`). */
  showStep(current) {
    const lesson = this.read.get(current.name);
    const step = lesson.steps[current.step - 1];
    this.current = current;
    this.root.hidden = false;
    this.toggle.setAttribute('aria-expanded', 'true');
    this.list.hidden = true;
    this.stepView.hidden = false;
    this.nav.hidden = false;
    this.heading.textContent = lesson.title;
    this.progress.textContent = `Step ${current.step} of ${lesson.steps.length}`;
    this.progress.dataset.step = String(current.step);
    this.progress.dataset.steps = String(lesson.steps.length);
    this.root.dataset.lesson = current.name;
    this.text.textContent = step.text;
    this.question.textContent = `Question for the class: ${step.question}`;
    this.showStepButton.hidden = step.timeline === undefined;
    if (step.timeline !== undefined) this.showStepButton.textContent = `Run and show step ${step.timeline} of the search`;
    this.back.disabled = current.step === 1;
    this.next.disabled = current.step === lesson.steps.length;
  }

  /** Shows the list of lessons, each a link to its first step. */
  async showList() {
    this.current = null;
    delete this.root.dataset.lesson;
    this.root.hidden = false;
    this.toggle.setAttribute('aria-expanded', 'true');
    this.stepView.hidden = true;
    this.nav.hidden = true;
    this.list.hidden = false;
    this.heading.textContent = 'Lessons';
    try {
      const names = await this.lessonNames();
      const lessons = await Promise.all(names.map((name) => this.lesson(name)));
      this.list.replaceChildren(...lessons.map((lesson, i) => el('li', {},
        el('a', { href: `#${this.stepHref({ name: names[i], step: 1 })}`, textContent: lesson.title }),
        ` — ${lesson.summary} (${lesson.steps.length} steps)`)));
    } catch (e) {
      this.list.replaceChildren(el('li', { textContent: `The lessons could not be read: ${e.message}` }));
    }
  }

  /** Hides the panel; the page then leaves the lesson keys out of its link. */
  close() {
    this.root.hidden = true;
    this.toggle.setAttribute('aria-expanded', 'false');
    this.current = null;
    delete this.root.dataset.lesson;
    this.onClose();
  }

  /** Goes `by` steps forward (1) or back (-1), through the address bar. */
  move(by) {
    if (!this.current) return;
    const steps = this.read.get(this.current.name).steps.length;
    const step = this.current.step + by;
    if (step < 1 || step > steps) return;
    location.hash = this.stepHref({ name: this.current.name, step });
  }

  /** Starts the step's search and, once it has ended, puts the timeline at the step's position. */
  async runToTimelineStep() {
    const step = this.read.get(this.current.name).steps[this.current.step - 1];
    const shown = { ...this.current };
    this.showStepButton.disabled = true;
    try {
      const ended = this.run();
      await new Promise((resolve) => {
        const check = () => {
          const same = this.current && this.current.name === shown.name && this.current.step === shown.step;
          if (!same || ended()) resolve();
          else setTimeout(check, 50);
        };
        check();
      });
      if (this.current && this.current.step === shown.step && this.current.name === shown.name) this.showSearchStep(step.timeline);
    } finally {
      this.showStepButton.disabled = false;
    }
  }

  /** Page Down and Page Up while a step is on show (not in a text box); returns whether taken. */
  key(event) {
    if (!this.current || this.root.hidden || event.altKey || event.ctrlKey || event.metaKey) return false;
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return false;
    if (event.key !== 'PageDown' && event.key !== 'PageUp') return false;
    event.preventDefault();
    this.move(event.key === 'PageDown' ? 1 : -1);
    return true;
  }
}
