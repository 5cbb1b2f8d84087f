/**
 * Parameters of one matched operation. Parameters are the same when location and name match
 * (header names case-insensitively, RFC 9110 §5.1). Path parameters also match by position in the
 * template, so `/books/{bookId}` -> `/books/{id}` is one parameter renamed, not one removed and one
 * added; the rename is still breaking because the name is the field of the generated input.
 */
import type { ParameterModel } from "../model/toolkit-model.js";
import { code } from "./messages.js";
import { emit, emitSchemaChanges, type PairContext } from "./pair-context.js";
import { pathParameterNames } from "./path-template.js";
import { removalKind, sunsetOf } from "./sunset.js";
import type { ChangeLocation } from "./change.js";

function identity(location: string, name: string): string {
  return `${location}:${location === "header" ? name.toLowerCase() : name}`;
}

function where(p: ParameterModel): ChangeLocation {
  return { section: "parameter", parameter: { name: p.name, in: p.in } };
}

export function compareParameters(ctx: PairContext): void {
  const oldNames = pathParameterNames(ctx.old.path);
  const newNames = pathParameterNames(ctx.new.path);
  const renamed = new Map<string, string>();
  if (oldNames.length === newNames.length) {
    oldNames.forEach((name, i) => {
      if (name !== newNames[i]) renamed.set(name, newNames[i]!);
    });
  }
  const newById = new Map(ctx.new.parameters.map((p) => [identity(p.in, p.name), p]));
  const matched = new Set<ParameterModel>();
  const leftOld: ParameterModel[] = [];
  for (const p of ctx.old.parameters) {
    const name = p.in === "path" ? (renamed.get(p.name) ?? p.name) : p.name;
    const partner = newById.get(identity(p.in, name));
    if (partner && !matched.has(partner)) {
      matched.add(partner);
      compareParameter(ctx, p, partner);
    } else {
      leftOld.push(p);
    }
  }
  const leftNew = ctx.new.parameters.filter((p) => !matched.has(p));

  for (const p of leftOld) {
    // Same name, other location: the input key stays, so code compiles and sends it to the wrong place.
    const moved = leftNew.find((n) => n.name.toLowerCase() === p.name.toLowerCase() && n.in !== p.in);
    if (moved) {
      leftNew.splice(leftNew.indexOf(moved), 1);
      emit(
        ctx,
        "request-parameter-location-changed",
        where(moved),
        `the parameter ${code(p.name)} moved from ${p.in} to ${moved.in}: old clients still send it in the ${p.in} and the server no longer reads it there`,
      );
      compareParameter(ctx, p, moved, true);
      continue;
    }
    const kind = removalKind(p.deprecated, sunsetOf(ctx.oldModel.document, p.pointer), ctx.now);
    if (kind === "without-deprecation") {
      emit(
        ctx,
        "request-parameter-removed",
        where(p),
        `removed the ${p.in} parameter ${code(p.name)}: it leaves the generated input type, so calls that pass it stop compiling, and old clients keep sending it`,
      );
    } else if (kind === "before-sunset") {
      emit(
        ctx,
        "request-parameter-removed-before-sunset",
        where(p),
        `removed the deprecated ${p.in} parameter ${code(p.name)} before its x-sunset date ${sunsetOf(ctx.oldModel.document, p.pointer)}`,
      );
    } else {
      emit(ctx, "request-parameter-removed-with-deprecation", where(p), `removed the deprecated ${p.in} parameter ${code(p.name)}`);
    }
  }
  for (const p of leftNew) {
    if (p.in === "path") {
      emit(ctx, "new-request-path-parameter", where(p), `added the path parameter ${code(p.name)}: every call must now pass it`);
    } else if (p.required) {
      emit(
        ctx,
        "new-required-request-parameter",
        where(p),
        `added the required ${p.in} parameter ${code(p.name)}: every call must now pass it`,
      );
    } else {
      emit(ctx, "new-optional-request-parameter", where(p), `added the optional ${p.in} parameter ${code(p.name)}`);
    }
  }
}

function compareParameter(ctx: PairContext, a: ParameterModel, b: ParameterModel, moved = false): void {
  const location = where(b);
  if (a.in === "path" && b.in === "path" && a.name !== b.name) {
    emit(
      ctx,
      "request-path-parameter-renamed",
      location,
      `the path parameter ${code(a.name)} was renamed to ${code(b.name)}: the generated function's input field is renamed, so calls that pass ${code(a.key)} stop compiling (the wire format is unchanged)`,
    );
  } else if (a.key !== b.key && !moved) {
    emit(
      ctx,
      "request-parameter-key-changed",
      location,
      `the ${b.in} parameter ${code(b.name)} is now passed as ${code(b.key)} instead of ${code(a.key)} in the generated input (a name collision changed)`,
    );
  }
  if (a.required !== b.required && a.in !== "path") {
    if (b.required)
      emit(
        ctx,
        "request-parameter-became-required",
        location,
        `the ${b.in} parameter ${code(b.name)} became required: calls that omit it stop compiling`,
      );
    else emit(ctx, "request-parameter-became-optional", location, `the ${b.in} parameter ${code(b.name)} became optional`);
  }
  if (!a.deprecated && b.deprecated)
    emit(ctx, "request-parameter-deprecated", location, `the ${b.in} parameter ${code(b.name)} is deprecated`);
  if (!moved && (a.style !== b.style || a.explode !== b.explode || a.allowReserved !== b.allowReserved || a.json !== b.json)) {
    emit(
      ctx,
      "request-parameter-serialization-changed",
      location,
      `the ${b.in} parameter ${code(b.name)} is serialised differently (${serialization(a)} -> ${serialization(b)}): old clients send the old form`,
    );
  }
  emitSchemaChanges(ctx, { area: "parameter", parameter: { name: b.name, in: b.in } }, location, a.schema, b.schema);
}

function serialization(p: ParameterModel): string {
  if (p.json) return "JSON content";
  return `style ${p.style}${p.explode ? ", explode" : ""}${p.allowReserved ? ", allowReserved" : ""}`;
}
