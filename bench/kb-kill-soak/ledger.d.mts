export declare const ABSENT: null;
export type SoakState = string | null;
export interface LedgerViolation {
  id: string;
  observed: SoakState;
  possible: SoakState[];
  writes: { state: SoakState; answer: "acknowledged" | "unanswered" }[];
}
export declare class Ledger {
  checked: number;
  superseded: number;
  unansweredCommitted: number;
  unansweredOther: number;
  changedByUnanswered: { all: number; absent: number };
  possible(id: string): Set<SoakState>;
  known(id: string): SoakState | undefined;
  acknowledged(id: string, state: SoakState): void;
  unanswered(id: string, state: SoakState): void;
  ids(): string[];
  check(id: string, observed: SoakState): LedgerViolation | undefined;
}
