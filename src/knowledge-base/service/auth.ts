/**
 * Access control: `Authorization: token <t>` must carry one of the tokens configured at start.
 * Tokens are compared through their SHA-256 digests with timingSafeEqual, so the comparison takes
 * the same time wherever a guess differs and whatever its length. Tokens are never logged.
 */
import { createHash, timingSafeEqual } from "node:crypto";

export interface TokenCheck {
  /** False when no tokens are configured: every request is accepted. */
  readonly enabled: boolean;
  accepts(authorization: string | undefined): boolean;
}

export function tokenCheck(tokens: readonly string[]): TokenCheck {
  const digests = tokens.filter((token) => token !== "").map(digest);
  return {
    enabled: digests.length > 0,
    accepts(authorization) {
      if (digests.length === 0) return true;
      const match = /^token\s+(\S+)\s*$/i.exec(authorization ?? "");
      if (!match) return false;
      const offered = digest(match[1] as string);
      // Check every digest (no early exit), so timing does not reveal which token matched.
      let ok = false;
      for (const known of digests) ok = timingSafeEqual(known, offered) || ok;
      return ok;
    },
  };
}

function digest(token: string): Buffer {
  return createHash("sha256").update(token, "utf8").digest();
}
