package io.tandem.function.domain;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.stereotype.Component;

/** The catalog: every {@link ConfigFunction} bean, by name. */
@Component
public class FunctionRegistry {

  private final Map<String, ConfigFunction> functions = new TreeMap<>();

  public FunctionRegistry(List<ConfigFunction> functions) {
    for (ConfigFunction function : functions) {
      if (this.functions.put(function.definition().name(), function) != null) {
        throw new IllegalStateException("Two functions are named " + function.definition().name());
      }
    }
  }

  /** The catalog in name order. */
  public List<FunctionDefinition> definitions() {
    return functions.values().stream().map(ConfigFunction::definition).toList();
  }

  /**
   * A call ready to run.
   *
   * @throws TandemException {@code unknown-function}, or {@code invalid-argument} naming the parameter
   */
  public BoundCall bind(String name, List<String> arguments) {
    ConfigFunction function = functions.get(name);
    if (function == null) {
      throw new TandemException(
          ProblemCode.UNKNOWN_FUNCTION, "There is no function '" + name + "'; GET /api/v1/functions lists them.");
    }
    return new BoundCall(function, Arguments.bind(function.definition(), arguments == null ? List.of() : arguments));
  }

  /** A function with checked arguments. */
  public record BoundCall(ConfigFunction function, Arguments arguments) {

    public String name() {
      return function.definition().name();
    }

    public FunctionKind kind() {
      return function.definition().kind();
    }
  }
}
