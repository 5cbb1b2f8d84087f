/**
 * Security requirements of one matched operation (OpenAPI 3.0 §4.7.30): a list of alternatives,
 * each a set of schemes that must all be satisfied. The question for a deployed client is whether
 * the credentials it sends today still satisfy some requirement. oasdiff rates every security
 * change INFO (api-security-added etc.); here a requirement that yesterday's credentials do not
 * meet is breaking: every call made as before gets a 401/403, though nothing fails to compile
 * (the generated `Credentials` type has had the scheme all along, optional).
 */
import type { OpenApiDocument } from "../load/loaded-description.js";
import { isObject } from "../model/local-ref.js";
import { nodeAt } from "./node-at.js";
import type { OperationModel } from "../model/toolkit-model.js";
import { code } from "./messages.js";
import { emit, type PairContext } from "./pair-context.js";

type Requirement = ReadonlyMap<string, ReadonlySet<string>>;

export function compareSecurity(ctx: PairContext): void {
  const oldReqs = requirements(ctx.oldModel.document, ctx.old);
  const newReqs = requirements(ctx.newModel.document, ctx.new);
  const lost = [...oldReqs.values()].filter((r) => ![...newReqs.values()].some((n) => satisfies(r, n)));
  const added = [...newReqs.keys()].filter((k) => !oldReqs.has(k));
  const removed = [...oldReqs.keys()].filter((k) => !newReqs.has(k));
  const location = { section: "security" as const };

  const nowAnonymousOnly = newReqs.size === 1 && newReqs.has("");
  for (const key of added) {
    // Security dropped altogether reads better as the old requirements removed.
    if (key === "" && nowAnonymousOnly) continue;
    const text = key === "" ? "anonymous access" : `the security requirement ${describe(newReqs.get(key)!)}`;
    if (lost.length > 0 && key !== "") {
      emit(
        ctx,
        "api-security-added",
        location,
        `added ${text}: clients that send only what worked before get 401/403 at run time; configure the new credentials`,
        { subject: key },
      );
    } else {
      emit(ctx, "api-security-alternative-added", location, `added ${text} as an alternative`, { subject: key });
    }
  }
  for (const key of removed) {
    const requirement = oldReqs.get(key)!;
    const text = key === "" ? "anonymous access" : `the security requirement ${describe(requirement)}`;
    if (lost.includes(requirement) && added.length === 0) {
      emit(ctx, "api-security-alternative-removed", location, `removed ${text}: clients that rely on it get 401/403 at run time`, {
        subject: key,
      });
    } else if (key !== "" || added.length === 0 || nowAnonymousOnly) {
      emit(ctx, "api-security-removed", location, `removed ${text}`, { subject: key });
    }
  }
  for (const [key, a] of oldReqs) {
    const b = newReqs.get(key);
    if (!b || key === "") continue;
    for (const [scheme, scopes] of b) {
      for (const scope of scopes) {
        if (!a.get(scheme)?.has(scope)) {
          emit(
            ctx,
            "api-security-scope-added",
            location,
            `the scheme ${code(scheme)} now also needs the scope ${code(scope)}: old tokens may lack it`,
            { subject: `${scheme} ${scope}` },
          );
        }
      }
    }
    for (const [scheme, scopes] of a) {
      for (const scope of scopes) {
        if (!b.get(scheme)?.has(scope)) {
          emit(ctx, "api-security-scope-removed", location, `the scheme ${code(scheme)} no longer needs the scope ${code(scope)}`, {
            subject: `${scheme} ${scope}`,
          });
        }
      }
    }
  }
}

/** Alternatives keyed by their sorted scheme names; `""` is anonymous (`{}` or no security). */
function requirements(document: OpenApiDocument, op: OperationModel): Map<string, Requirement> {
  const operation = nodeAt(document, op.pointer);
  const declared = isObject(operation) && Array.isArray(operation.security) ? operation.security : document.security;
  const list = Array.isArray(declared) && declared.length > 0 ? declared : [{}];
  const out = new Map<string, Requirement>();
  for (const entry of list) {
    if (!isObject(entry)) continue;
    const requirement = new Map<string, Set<string>>();
    for (const [scheme, scopes] of Object.entries(entry)) {
      requirement.set(scheme, new Set(Array.isArray(scopes) ? scopes.map(String) : []));
    }
    out.set([...requirement.keys()].sort().join(" + "), requirement);
  }
  return out;
}

/** Credentials that satisfy `have` also satisfy `need` when `need` asks for no more. */
function satisfies(have: Requirement, need: Requirement): boolean {
  for (const [scheme, scopes] of need) {
    const got = have.get(scheme);
    if (!got) return false;
    for (const scope of scopes) if (!got.has(scope)) return false;
  }
  return true;
}

function describe(requirement: Requirement): string {
  return [...requirement]
    .map(([scheme, scopes]) => (scopes.size > 0 ? `${code(scheme)} [${[...scopes].join(", ")}]` : code(scheme)))
    .join(" + ");
}
