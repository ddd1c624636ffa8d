package io.tandem.function.builtin;

import io.tandem.common.yaml.ClusterScopedKinds;
import io.tandem.function.domain.Arguments;
import io.tandem.function.domain.ConfigFunction;
import io.tandem.function.domain.FunctionContext;
import io.tandem.function.domain.FunctionDefinition;
import io.tandem.function.domain.FunctionKind;
import io.tandem.function.domain.Parameter;
import io.tandem.function.domain.ParameterType;
import java.util.Map;
import org.springframework.stereotype.Component;

@Component
class SetNamespace implements ConfigFunction {

  @Override
  public FunctionDefinition definition() {
    return FunctionDefinition.of(
        "set-namespace",
        FunctionKind.Mutating,
        "Sets metadata.namespace of every namespaced resource.",
        Parameter.required("namespace", ParameterType.STRING, "Namespace name", "payments")
            .withPattern("^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$"));
  }

  @Override
  public void apply(FunctionContext context, Arguments arguments) {
    for (Map<String, Object> resource : context.resources()) {
      if (!ClusterScopedKinds.BUILT_IN.contains(String.valueOf(resource.get("kind")))) {
        Trees.child(resource, "metadata").put("namespace", arguments.string("namespace"));
      }
    }
  }
}
