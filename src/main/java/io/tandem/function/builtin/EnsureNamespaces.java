package io.tandem.function.builtin;

import io.tandem.function.domain.Arguments;
import io.tandem.function.domain.ConfigFunction;
import io.tandem.function.domain.FunctionContext;
import io.tandem.function.domain.FunctionDefinition;
import io.tandem.function.domain.FunctionKind;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.stereotype.Component;

@Component
class EnsureNamespaces implements ConfigFunction {

  @Override
  public FunctionDefinition definition() {
    return FunctionDefinition.of(
        "ensure-namespaces",
        FunctionKind.Mutating,
        "Adds a Namespace object for every namespace the unit's resources use that the unit does not define.");
  }

  @Override
  public void apply(FunctionContext context, Arguments arguments) {
    Set<String> used = new LinkedHashSet<>();
    Set<String> defined = new LinkedHashSet<>();
    for (Map<String, Object> resource : context.resources()) {
      if ("Namespace".equals(resource.get("kind")) && "v1".equals(resource.get("apiVersion"))) {
        defined.add(String.valueOf(Trees.get(resource, List.of("metadata", "name"))));
      } else if (Trees.get(resource, List.of("metadata", "namespace")) instanceof String namespace) {
        used.add(namespace);
      }
    }
    used.removeAll(defined);
    for (String namespace : used) {
      Map<String, Object> object = new LinkedHashMap<>();
      object.put("apiVersion", "v1");
      object.put("kind", "Namespace");
      object.put("metadata", new LinkedHashMap<>(Map.of("name", namespace)));
      context.resources().add(object);
    }
  }
}
