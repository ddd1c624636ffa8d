package io.tandem.function.builtin;

import io.tandem.function.domain.Arguments;
import io.tandem.function.domain.ConfigFunction;
import io.tandem.function.domain.FunctionContext;
import io.tandem.function.domain.FunctionDefinition;
import io.tandem.function.domain.FunctionKind;
import io.tandem.function.domain.Parameter;
import io.tandem.function.domain.ParameterType;
import io.tandem.function.domain.Quantity;
import java.util.Map;
import org.springframework.stereotype.Component;

@Component
class SetContainerResources implements ConfigFunction {

  @Override
  public FunctionDefinition definition() {
    return FunctionDefinition.of(
        "set-container-resources",
        FunctionKind.Mutating,
        "Sets the CPU and memory requests of the named containers (and init containers) in every workload, and"
            + " their limits as requests × factor. Mode floor only raises values, cap only lowers them, all"
            + " overwrites them; factor 0 removes the limits.",
        Parameter.required("container", ParameterType.STRING, "Container name, or * for all", "server"),
        Parameter.oneOf("mode", "all overwrites, floor only raises, cap only lowers", "all", "cap", "floor"),
        Parameter.required("cpu", ParameterType.QUANTITY, "CPU request", "100m"),
        Parameter.required("memory", ParameterType.QUANTITY, "Memory request", "256Mi"),
        Parameter.required("limitFactor", ParameterType.INT, "Limits = requests × this, 0 to 10; 0 removes limits", "2")
            .withPattern("^(10|[0-9])$"));
  }

  @Override
  public void apply(FunctionContext context, Arguments arguments) {
    String mode = arguments.string("mode");
    int factor = arguments.integer("limitFactor");
    Map<String, Quantity> wanted = Map.of("cpu", arguments.quantity("cpu"), "memory", arguments.quantity("memory"));
    for (Workloads.Container found : Workloads.containers(context.resources(), arguments.string("container"))) {
      Map<String, Object> resources = Trees.child(found.container(), "resources");
      Map<String, Object> requests = Trees.child(resources, "requests");
      for (String name : new String[] {"cpu", "memory"}) {
        Quantity request = adjust(mode, Quantity.of(requests.get(name)), wanted.get(name));
        setIfChanged(requests, name, request);
        if (factor > 0) {
          Map<String, Object> limits = Trees.child(resources, "limits");
          setIfChanged(limits, name, adjust(mode, Quantity.of(limits.get(name)), request.times(factor)));
        }
      }
      if (factor == 0) {
        resources.remove("limits");
      }
    }
  }

  private static Quantity adjust(String mode, Quantity current, Quantity wanted) {
    if (current == null) {
      return wanted;
    }
    return switch (mode) {
      case "floor" -> current.compareTo(wanted) >= 0 ? current : wanted;
      case "cap" -> current.compareTo(wanted) <= 0 ? current : wanted;
      default -> wanted;
    };
  }

  /** Keeps the text as written when the value is the same ({@code 0.1} stays {@code 0.1}, not {@code 100m}). */
  private static void setIfChanged(Map<String, Object> map, String key, Quantity value) {
    Quantity current = map.containsKey(key) ? Quantity.of(map.get(key)) : null;
    if (current == null || current.compareTo(value) != 0) {
      map.put(key, value.toString());
    }
  }
}
