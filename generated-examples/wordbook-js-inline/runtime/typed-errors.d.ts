/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * Typed error answers: `isToolCallError(e, tool, status?)`, which every generated module exports
 * typed against its `ToolErrors` (operation-types.d.ts: per tool, status -> the declared error
 * answer's body type). These types look up one tool's entry by key, so an app's type check pays
 * only for the tools it narrows on.
 */
import { type ToolCallError } from "./tool-call-error.js";
/** The statuses of each range key OpenAPI allows on an error answer. */
export interface ErrorStatusRanges {
    "1XX": 100 | 101 | 102 | 103 | 104 | 105 | 106 | 107 | 108 | 109 | 110 | 111 | 112 | 113 | 114 | 115 | 116 | 117 | 118 | 119 | 120 | 121 | 122 | 123 | 124 | 125 | 126 | 127 | 128 | 129 | 130 | 131 | 132 | 133 | 134 | 135 | 136 | 137 | 138 | 139 | 140 | 141 | 142 | 143 | 144 | 145 | 146 | 147 | 148 | 149 | 150 | 151 | 152 | 153 | 154 | 155 | 156 | 157 | 158 | 159 | 160 | 161 | 162 | 163 | 164 | 165 | 166 | 167 | 168 | 169 | 170 | 171 | 172 | 173 | 174 | 175 | 176 | 177 | 178 | 179 | 180 | 181 | 182 | 183 | 184 | 185 | 186 | 187 | 188 | 189 | 190 | 191 | 192 | 193 | 194 | 195 | 196 | 197 | 198 | 199;
    "3XX": 300 | 301 | 302 | 303 | 304 | 305 | 306 | 307 | 308 | 309 | 310 | 311 | 312 | 313 | 314 | 315 | 316 | 317 | 318 | 319 | 320 | 321 | 322 | 323 | 324 | 325 | 326 | 327 | 328 | 329 | 330 | 331 | 332 | 333 | 334 | 335 | 336 | 337 | 338 | 339 | 340 | 341 | 342 | 343 | 344 | 345 | 346 | 347 | 348 | 349 | 350 | 351 | 352 | 353 | 354 | 355 | 356 | 357 | 358 | 359 | 360 | 361 | 362 | 363 | 364 | 365 | 366 | 367 | 368 | 369 | 370 | 371 | 372 | 373 | 374 | 375 | 376 | 377 | 378 | 379 | 380 | 381 | 382 | 383 | 384 | 385 | 386 | 387 | 388 | 389 | 390 | 391 | 392 | 393 | 394 | 395 | 396 | 397 | 398 | 399;
    "4XX": 400 | 401 | 402 | 403 | 404 | 405 | 406 | 407 | 408 | 409 | 410 | 411 | 412 | 413 | 414 | 415 | 416 | 417 | 418 | 419 | 420 | 421 | 422 | 423 | 424 | 425 | 426 | 427 | 428 | 429 | 430 | 431 | 432 | 433 | 434 | 435 | 436 | 437 | 438 | 439 | 440 | 441 | 442 | 443 | 444 | 445 | 446 | 447 | 448 | 449 | 450 | 451 | 452 | 453 | 454 | 455 | 456 | 457 | 458 | 459 | 460 | 461 | 462 | 463 | 464 | 465 | 466 | 467 | 468 | 469 | 470 | 471 | 472 | 473 | 474 | 475 | 476 | 477 | 478 | 479 | 480 | 481 | 482 | 483 | 484 | 485 | 486 | 487 | 488 | 489 | 490 | 491 | 492 | 493 | 494 | 495 | 496 | 497 | 498 | 499;
    "5XX": 500 | 501 | 502 | 503 | 504 | 505 | 506 | 507 | 508 | 509 | 510 | 511 | 512 | 513 | 514 | 515 | 516 | 517 | 518 | 519 | 520 | 521 | 522 | 523 | 524 | 525 | 526 | 527 | 528 | 529 | 530 | 531 | 532 | 533 | 534 | 535 | 536 | 537 | 538 | 539 | 540 | 541 | 542 | 543 | 544 | 545 | 546 | 547 | 548 | 549 | 550 | 551 | 552 | 553 | 554 | 555 | 556 | 557 | 558 | 559 | 560 | 561 | 562 | 563 | 564 | 565 | 566 | 567 | 568 | 569 | 570 | 571 | 572 | 573 | 574 | 575 | 576 | 577 | 578 | 579 | 580 | 581 | 582 | 583 | 584 | 585 | 586 | 587 | 588 | 589 | 590 | 591 | 592 | 593 | 594 | 595 | 596 | 597 | 598 | 599;
}
/**
 * The statuses a tool's declared error answers `E` cover: its explicit codes, those of its ranges,
 * and any number when it declares `default`.
 */
export type DeclaredErrorStatus<E> = Extract<keyof E, number> | ErrorStatusRanges[Extract<keyof E, keyof ErrorStatusRanges>] | ("default" extends keyof E ? number : never);
type RangeOf<S> = S extends ErrorStatusRanges["4XX"] ? "4XX" : S extends ErrorStatusRanges["5XX"] ? "5XX" : S extends ErrorStatusRanges["3XX"] ? "3XX" : S extends ErrorStatusRanges["1XX"] ? "1XX" : never;
/** The body type of status `S`: its own answer, else its range's, else `default`'s. */
export type DeclaredErrorBody<E, S> = S extends keyof E ? E[S] : [Extract<RangeOf<S>, keyof E>] extends [never] ? "default" extends keyof E ? E["default" & keyof E] : never : E[Extract<RangeOf<S>, keyof E>];
/** A ToolCallError narrowed to a declared error answer (`S`: the status asked for, `never` for any). */
export type DeclaredToolCallError<E, S = never> = ToolCallError & {
    readonly code: "HTTP_STATUS";
    readonly status: [S] extends [never] ? DeclaredErrorStatus<E> : S;
    readonly body: [S] extends [never] ? E[keyof E] : DeclaredErrorBody<E, S>;
};
/**
 * Per function name, the canonical tool name and the declared error statuses as written ("409",
 * "4XX", "default"); only tools that declare error answers.
 */
export type ErrorStatusTable = Readonly<Record<string, readonly string[]>>;
/**
 * The run-time half of the typed guard: `error` is a ToolCallError of an HTTP answer from `tool`
 * (canonical or function name), its status is `status` when given, and the tool declares an
 * error answer for that status (the code itself, its range, or `default`), exactly as the type
 * `DeclaredErrorStatus` says.
 */
export declare function isDeclaredError(error: unknown, table: ErrorStatusTable, tool?: string, status?: number): boolean;
/**
 * The guard a generated module exports, over its table: `export const isToolCallError:
 * ToolErrorGuard = errorGuard(toolErrorStatuses)`. Typed `any` on purpose: `ToolErrorGuard`, declared
 * in the module's operation-types.d.ts, types it, and an app's tsc resolves its generic signature
 * (and `keyof ToolErrors`, 2,000 names on GitHub's description) only where the app calls it.
 */
export declare function errorGuard(table: ErrorStatusTable): any;
export {};
