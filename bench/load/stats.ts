/** Latency samples per page or action, and the figures the load report prints. */
export type Sample = {
  at: number;
  ms: number;
  ok: boolean;
  status: number;
  /** Refused by load shedding (503 + Retry-After): counted apart from errors. */
  shed?: boolean;
};

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

/** `errors` leaves out the shed answers, which `shed` counts; the percentiles cover every answer. */
export type Figures = { count: number; errors: number; shed: number; p50: number; p95: number; p99: number };

export function figures(samples: Sample[]): Figures {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  return {
    count: samples.length,
    errors: samples.filter((s) => !s.ok && !s.shed).length,
    shed: samples.filter((s) => s.shed).length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  };
}

/** Every request of a run, by label ("page /dashboard", "action send"), with the time it started. */
export class Recorder {
  readonly samples = new Map<string, Sample[]>();
  record(label: string, sample: Sample) {
    let list = this.samples.get(label);
    if (!list) this.samples.set(label, (list = []));
    list.push(sample);
  }
  all(): Sample[] {
    return [...this.samples.values()].flat();
  }
  /** Only the samples that started inside [from, to). */
  between(from: number, to: number): Recorder {
    const cut = new Recorder();
    for (const [label, list] of this.samples)
      for (const s of list) if (s.at >= from && s.at < to) cut.record(label, s);
    return cut;
  }
}

/** Shed answers as a share of all answers, 0 to 1 (0 for none). */
export const shedShare = (f: Figures): number => (f.count ? f.shed / f.count : 0);

/** p95 of all answers past which a load level counts as past the knee, ms. */
export const kneeP95Ms = 300;

/**
 * The knee: the lowest load (athletes) where the server starts shedding or the p95 of all answers passes
 * kneeP95Ms; null when no level measured reaches it.
 */
export function knee(levels: { users: number; all: Figures }[]): number | null {
  const past = levels.filter(({ all }) => all.shed > 0 || all.p95 > kneeP95Ms).map((l) => l.users);
  return past.length ? Math.min(...past) : null;
}
