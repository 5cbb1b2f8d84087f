/**
 * The data a generated function hands to `request()`: everything the runtime needs to turn one
 * flat input object into one HTTP request. Generated code holds these as plain object literals,
 * so the runtime, not the generator, owns every serialisation rule (OpenAPI 3.0 §4.7.12.4 "Style
 * Values", §4.7.14 "Request Body Object", §4.7.16 "Encoding Object").
 */
export {};
