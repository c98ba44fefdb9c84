/**
 * The shape every language's dictionary must fill: the English dictionary's keys, each a string
 * or a function of the same arguments. A key missing in a language fails the type check.
 */
export type Translation<T> = {
  readonly [K in keyof T]: T[K] extends (...args: infer A) => string
    ? (...args: A) => string
    : T[K] extends string
      ? string
      : Translation<T[K]>;
};
