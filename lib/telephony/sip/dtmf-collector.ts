// Collects the DTMF digits a leg's phone sends (by SIP INFO) while the calls API asks for them:
// up to maxDigits, reported once, when they all came or when timeoutSeconds passed with what came.
// Digits that arrive while nothing is wanted are dropped (the simulator reports none either).

export interface CollectedDtmf {
  legId: number;
  digits: string;
  timedOut: boolean;
}

interface Wanted {
  maxDigits: number;
  digits: string;
  timer: NodeJS.Timeout;
}

export class DtmfCollector {
  private readonly wanted = new Map<number, Wanted>();

  constructor(private readonly deliver: (collected: CollectedDtmf) => void) {}

  /** Starts collecting for a leg; a collection already running for it is replaced (its digits dropped). */
  want(legId: number, maxDigits: number, timeoutSeconds: number): void {
    this.stop(legId);
    const timer = setTimeout(() => this.finish(legId, true), Math.max(0, timeoutSeconds) * 1000);
    this.wanted.set(legId, { maxDigits: Math.max(1, maxDigits), digits: "", timer });
  }

  digit(legId: number, digit: string): void {
    const wanted = this.wanted.get(legId);
    if (!wanted) return;
    wanted.digits += digit;
    if (wanted.digits.length >= wanted.maxDigits) this.finish(legId, false);
  }

  /** The leg ended or the engine stops: nothing is reported for it. */
  stop(legId: number): void {
    const wanted = this.wanted.get(legId);
    if (wanted) clearTimeout(wanted.timer);
    this.wanted.delete(legId);
  }

  stopAll(): void {
    for (const legId of [...this.wanted.keys()]) this.stop(legId);
  }

  get collecting(): number {
    return this.wanted.size;
  }

  private finish(legId: number, timedOut: boolean): void {
    const wanted = this.wanted.get(legId);
    if (!wanted) return;
    this.stop(legId);
    this.deliver({ legId, digits: wanted.digits, timedOut });
  }
}
