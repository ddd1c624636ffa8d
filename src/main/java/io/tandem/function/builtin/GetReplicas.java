package io.tandem.function.builtin;

import io.tandem.function.domain.Arguments;
import io.tandem.function.domain.ConfigFunction;
import io.tandem.function.domain.FunctionContext;
import io.tandem.function.domain.FunctionDefinition;
import io.tandem.function.domain.FunctionKind;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;

@Component
class GetReplicas implements ConfigFunction {

  @Override
  public FunctionDefinition definition() {
    return FunctionDefinition.of(
        "get-replicas", FunctionKind.Readonly, "Returns spec.replicas of every scalable workload (1 when unset).");
  }

  @Override
  public void apply(FunctionContext context, Arguments arguments) {
    for (Map<String, Object> resource : context.resources()) {
      if (SetReplicas.SCALABLE.contains(String.valueOf(resource.get("kind")))) {
        Object replicas = Trees.get(resource, List.of("spec", "replicas"));
        context.output(resource, "spec.replicas", replicas == null ? 1 : replicas);
      }
    }
  }
}
