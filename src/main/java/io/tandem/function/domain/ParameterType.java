package io.tandem.function.domain;

/** The type of a function parameter, as a portal renders and checks it. Arguments always arrive as strings. */
public enum ParameterType {
  STRING("string"),
  INT("int"),
  BOOL("bool"),
  ENUM("enum"),
  /** A Kubernetes resource quantity: {@code 100m}, {@code 1.5}, {@code 256Mi}, {@code 1G}. */
  QUANTITY("quantity"),
  /** A path into a resource: dots, list indices, {@code *}, and {@code ?key=value} to pick a list item. */
  PATH("path"),
  /** A CEL expression. */
  CEL("cel");

  private final String wireName;

  ParameterType(String wireName) {
    this.wireName = wireName;
  }

  public String wireName() {
    return wireName;
  }
}
