// Latest-only queries about a recorded run: a board asks for the view (or the MCTS tree) at the
// timeline's step, and while one query is in flight only the latest step wanted is kept, so a
// fast drag over the slider never queues up work in the worker. Each feed is one channel of the
// SearchClient (a newer query there supersedes an older unanswered one).

export class TimelineFeed {
  /**
   * `ask(want)` sends the query for `want` (anything the caller passes to `want`) and resolves to
   * the reply or null; `deliver(reply, want)` shows it; `failed(error, want)` is told when a
   * query fails.
   */
  constructor({ ask, deliver, failed }) {
    this.ask = ask;
    this.deliver = deliver;
    this.failed = failed;
    this.pending = null;
    this.busy = false;
    this.generation = 0;
  }

  /** Asks for `want` as soon as the query in flight (if any) is answered; replaces any older
   * wish still waiting. */
  want(want) {
    this.pending = { want, generation: this.generation };
    if (!this.busy) this.pump();
  }

  /** Forgets the waiting wish and drops the answer of the query in flight. */
  cancel() {
    this.pending = null;
    this.generation += 1;
  }

  async pump() {
    this.busy = true;
    while (this.pending) {
      const { want, generation } = this.pending;
      this.pending = null;
      try {
        const reply = await this.ask(want);
        if (reply && generation === this.generation) this.deliver(reply, want);
      } catch (error) {
        if (generation === this.generation) this.failed(error, want);
      }
    }
    this.busy = false;
  }
}
