// A view under the timeline that only some runs use (the MCTS tree, RHEA's population), loaded
// the first time a run can use it rather than with the page: a page that opens on another agent
// does not fetch, parse and run its code before its board is drawn (BENCHMARKS.md, "Lesson step
// to ready"). It answers as the view does (setAvailable, shown, show, showIteration,
// showProblem); until the view's module has loaded, the view is not on show, so nobody asks it
// for anything yet.

export class LazyPanel {
  /** `root` is the view's (empty, hidden) element; `load()` resolves to the view, built in it. */
  constructor(root, load) {
    this.root = root;
    this.load = load;
    this.view = null; // once loaded
    this.loading = null; // the load under way
    this.available = false;
  }

  /** Whether the view applies to the run on show; the first time it does, its module loads,
   * and the view takes the latest availability once it has. */
  setAvailable(available) {
    this.available = available;
    if (this.view) {
      this.view.setAvailable(available);
    } else if (!available) {
      this.root.hidden = true;
    } else if (!this.loading) {
      this.root.textContent = '';
      this.loading = this.load().then((view) => {
        this.view = view;
        view.setAvailable(this.available);
      }, (error) => {
        this.loading = null; // tried again the next time a run can use it
        this.root.textContent = `This view could not be loaded: ${String(error?.message ?? error).split('\n')[0]}`;
        this.root.hidden = !this.available;
      });
    }
  }

  /** Whether the view is on show and wants the timeline's steps. */
  get shown() {
    return this.view?.shown ?? false;
  }

  show(...args) {
    this.view?.show(...args);
  }

  showIteration(...args) {
    this.view?.showIteration(...args);
  }

  showProblem(text) {
    this.view?.showProblem(text);
  }
}
