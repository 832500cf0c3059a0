import { describe, expect, it } from "vitest";
import { admission, maxRetryAfterSeconds, shedLimit } from "./admission";

describe("load shedding: admission", () => {
  it("admits while fewer transactions wait than the limit, whatever is running", () => {
    expect(admission({ waiting: 0, running: 0 }, 40)).toEqual({ admit: true });
    expect(admission({ waiting: 39, running: 10 }, 40)).toEqual({ admit: true });
  });

  it("refuses at the limit, with a Retry-After that grows with the queue and stays within bounds", () => {
    expect(admission({ waiting: 40, running: 10 }, 40)).toEqual({ admit: false, retryAfterSeconds: 1 });
    expect(admission({ waiting: 79, running: 10 }, 40)).toEqual({ admit: false, retryAfterSeconds: 1 });
    expect(admission({ waiting: 120, running: 10 }, 40)).toEqual({ admit: false, retryAfterSeconds: 3 });
    expect(admission({ waiting: 1959, running: 10 }, 40)).toEqual({
      admit: false,
      retryAfterSeconds: maxRetryAfterSeconds,
    });
  });

  it("a limit of 1 refuses as soon as one transaction waits", () => {
    expect(admission({ waiting: 0, running: 1 }, 1).admit).toBe(true);
    expect(admission({ waiting: 1, running: 1 }, 1)).toEqual({ admit: false, retryAfterSeconds: 1 });
  });

  it("the limit is DATABASE_SHED_WAITING, else two waiting per pooled connection", () => {
    expect(shedLimit({ DATABASE_POOL_MAX: 10 })).toBe(20);
    expect(shedLimit({ DATABASE_POOL_MAX: 20, DATABASE_SHED_WAITING: undefined })).toBe(40);
    expect(shedLimit({ DATABASE_POOL_MAX: 10, DATABASE_SHED_WAITING: 3 })).toBe(3);
  });
});
