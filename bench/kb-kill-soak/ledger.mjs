// The accounting of the kill soak, per document: the set of states the document may be in, given
// what the service answered. A state is the version token of the content last stored, or ABSENT.
//
// - An acknowledged write leaves exactly one possible state: the one it wrote. Whatever was
//   possible before is gone, because the service said the write committed, after everything the
//   same writer sent before it (each document belongs to one writer, which sends one request at a
//   time, so there is no race between two writes of one document).
// - A write that got no answer (the connection was reset by the kill, or the service answered an
//   error) may or may not have happened: its state joins the possible ones.
// - After a restart the observed state must be one of the possible ones; it then becomes the only
//   one. (A request cut off by the kill cannot commit later: the killed process holds no
//   transaction open after it dies — SQLite rolls back an uncommitted WAL frame set on the next
//   open, PostgreSQL aborts the transaction of a closed connection unless its COMMIT had already
//   arrived, and then it commits before the rows' locks are free for the next writer.)
export const ABSENT = null;

export class Ledger {
  /** @type {Map<string, { possible: Set<string | null>, since: { state: string | null, answer: string }[] }>} */
  #documents = new Map();
  /** Acknowledged writes of one document whose result a check at a restart pinned down. */
  checked = 0;
  /** Acknowledged writes overwritten by a later acknowledged write before any check saw them. */
  superseded = 0;
  /** Unanswered writes the check showed had committed (only countable for adds: their state is new). */
  unansweredCommitted = 0;
  /** Unanswered writes the check showed had not committed, or cannot tell. */
  unansweredOther = 0;
  /**
   * Checks that found a document other than its last acknowledged write left it, rightly, because
   * an unanswered write after it committed: what an accounting that ignores unanswered writes would
   * report as a lost acknowledged write. `absent` counts those where the last acknowledged write
   * was an add or replace and an unanswered delete took the document away.
   */
  changedByUnanswered = { all: 0, absent: 0 };

  #entry(id) {
    let entry = this.#documents.get(id);
    if (entry === undefined) {
      entry = { possible: new Set([ABSENT]), since: [] };
      this.#documents.set(id, entry);
    }
    return entry;
  }

  /** The states `id` may be in now. */
  possible(id) {
    return new Set(this.#entry(id).possible);
  }

  /** The state, when only one is possible; undefined otherwise. */
  known(id) {
    const { possible } = this.#entry(id);
    return possible.size === 1 ? [...possible][0] : undefined;
  }

  acknowledged(id, state) {
    const entry = this.#entry(id);
    entry.possible = new Set([state]);
    entry.since.push({ state, answer: "acknowledged" });
  }

  unanswered(id, state) {
    const entry = this.#entry(id);
    entry.possible.add(state);
    entry.since.push({ state, answer: "unanswered" });
  }

  /** Every document written so far. */
  ids() {
    return [...this.#documents.keys()];
  }

  /**
   * Checks the state observed after a restart; returns undefined when it is one of the possible
   * ones, else what went wrong (the writes since the last check, oldest first). Either way the
   * observed state is the only possible one afterwards, so one loss is reported once.
   */
  check(id, observed) {
    const entry = this.#entry(id);
    const ok = entry.possible.has(observed);
    const lastAcknowledged = entry.since.findLastIndex((write) => write.answer === "acknowledged");
    if (lastAcknowledged >= 0) {
      this.checked++;
      const acknowledgedState = entry.since[lastAcknowledged].state;
      if (ok && observed !== acknowledgedState) {
        this.changedByUnanswered.all++;
        if (observed === ABSENT) this.changedByUnanswered.absent++;
      }
      this.superseded += entry.since.filter((write, i) => write.answer === "acknowledged" && i < lastAcknowledged).length;
    }
    for (const write of entry.since) {
      if (write.answer !== "unanswered") continue;
      if (write.state !== ABSENT && write.state === observed) this.unansweredCommitted++;
      else this.unansweredOther++;
    }
    const violation = ok ? undefined : { id, observed, possible: [...entry.possible], writes: entry.since };
    entry.possible = new Set([observed]);
    entry.since = [];
    return violation;
  }
}
