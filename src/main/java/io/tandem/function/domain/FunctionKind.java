package io.tandem.function.domain;

/** What a function does to a unit: change its data, read values out of it, or check it. */
public enum FunctionKind {
  Mutating,
  Readonly,
  Validating
}
