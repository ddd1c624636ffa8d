package io.tandem.function.builtin;

import io.tandem.common.yaml.ClusterScopedKinds;
import io.tandem.function.domain.Arguments;
import io.tandem.function.domain.ConfigFunction;
import io.tandem.function.domain.FunctionContext;
import io.tandem.function.domain.FunctionDefinition;
import io.tandem.function.domain.FunctionKind;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;

@Component
class GetNamespace implements ConfigFunction {

  @Override
  public FunctionDefinition definition() {
    return FunctionDefinition.of(
        "get-namespace", FunctionKind.Readonly, "Returns metadata.namespace of every namespaced resource (null when unset).");
  }

  @Override
  public void apply(FunctionContext context, Arguments arguments) {
    for (Map<String, Object> resource : context.resources()) {
      if (!ClusterScopedKinds.BUILT_IN.contains(String.valueOf(resource.get("kind")))) {
        context.output(resource, "metadata.namespace", Trees.get(resource, List.of("metadata", "namespace")));
      }
    }
  }
}
