/** The verified JWT claims a Realtime client acts with (anon without a token), as Postgres sees them. */
export type RealtimeClaims = { sub?: string; role: string; [claim: string]: unknown };
