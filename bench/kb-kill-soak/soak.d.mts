import type { Ledger } from "./ledger.mjs";
export interface KillSoakRound {
  round: number;
  killAfter: number;
  pauseMs: number;
  acknowledged: number;
  cutOff: number;
  problems: string[];
}
export interface KillSoakTally {
  rounds: number;
  requests: { acknowledged: number; refused: number; unanswered: number };
  acknowledged: Record<string, number>;
  refusals: string[];
  anomalies: string[];
  problems: string[];
  ledger: Ledger;
}
export declare function runKillSoak(options: {
  place: readonly string[];
  rounds: number;
  seed: number;
  writers?: number;
  documentsPerWriter?: number;
  maxAcknowledgedBeforeKill?: number;
  deadline?: number;
  onRound?: (round: KillSoakRound) => void;
}): Promise<KillSoakTally>;
