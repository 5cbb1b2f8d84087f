/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * The data a generated function hands to `request()`: everything the runtime needs to turn one
 * flat input object into one HTTP request. Generated code holds these as plain object literals,
 * so the runtime, not the generator, owns every serialisation rule (OpenAPI 3.0 §4.7.12.4 "Style
 * Values", §4.7.14 "Request Body Object", §4.7.16 "Encoding Object").
 */
export {};
