package io.tandem.function.domain;

/**
 * A built-in function. Implementations are stateless Spring beans; the registry finds them. {@link #apply} edits the
 * resources of the context in place (mutating functions), or records outputs or findings; it throws {@link
 * io.tandem.common.error.TandemException} to fail, which leaves the unit unchanged.
 */
public interface ConfigFunction {

  FunctionDefinition definition();

  void apply(FunctionContext context, Arguments arguments);
}
