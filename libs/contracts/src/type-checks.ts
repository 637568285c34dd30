/*
 * Compile-time checks between two declarations of one shape (ADR 047): `type _ = Assert<Equals<A, B>>` fails
 * `npm run typecheck` when A and B differ by a key, a type, optionality or readonly. They leave nothing at run time.
 */

/** Flattens intersections, so `{ a } & { b }` and `{ a; b }` compare equal. */
type Flat<T> = { [K in keyof T]: T[K] };

/** true exactly when A and B are the same type (not merely assignable one way). */
export type Equals<A, B> = (<T>() => T extends Flat<A> ? 1 : 2) extends <T>() => T extends Flat<B> ? 1 : 2 ? true : false;

/** Compiles only when T is true. */
export type Assert<T extends true> = T;
