package io.tandem.function.domain;

import java.util.List;

/** What the catalog says of a function: enough for a portal to render a form and for the engine to check a call. */
public record FunctionDefinition(String name, String description, FunctionKind kind, List<Parameter> parameters) {

  public static FunctionDefinition of(String name, FunctionKind kind, String description, Parameter... parameters) {
    return new FunctionDefinition(name, description, kind, List.of(parameters));
  }
}
