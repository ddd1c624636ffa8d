package io.tandem.function.domain;

import java.util.Map;

/** The type of a value in a Kubernetes object, as the schema of its kind gives it. */
public sealed interface SchemaType {

  /** A value of one type; {@code FREE} is anything (free-form JSON, and types a schema does not check). */
  enum Scalar implements SchemaType {
    STRING,
    INTEGER,
    NUMBER,
    BOOLEAN,
    INT_OR_STRING,
    QUANTITY,
    FREE
  }

  record ListOf(SchemaType items) implements SchemaType {}

  /** A mapping of any keys to values of one type. */
  record MapOf(SchemaType values) implements SchemaType {}

  /** An object of named fields. Its fields are given when asked: a type may contain itself (a JSON schema does). */
  non-sealed interface Fields extends SchemaType {

    /** Each field's JSON name and type; a name not here is an unknown field. */
    Map<String, SchemaType> fields();
  }
}
