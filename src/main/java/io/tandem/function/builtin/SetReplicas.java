package io.tandem.function.builtin;

import io.tandem.function.domain.Arguments;
import io.tandem.function.domain.ConfigFunction;
import io.tandem.function.domain.FunctionContext;
import io.tandem.function.domain.FunctionDefinition;
import io.tandem.function.domain.FunctionKind;
import io.tandem.function.domain.Parameter;
import io.tandem.function.domain.ParameterType;
import java.util.Map;
import java.util.Set;
import org.springframework.stereotype.Component;

@Component
class SetReplicas implements ConfigFunction {

  static final Set<String> SCALABLE = Set.of("Deployment", "StatefulSet", "ReplicaSet", "ReplicationController");

  @Override
  public FunctionDefinition definition() {
    return FunctionDefinition.of(
        "set-replicas",
        FunctionKind.Mutating,
        "Sets spec.replicas of every Deployment, StatefulSet, ReplicaSet and ReplicationController.",
        Parameter.required("replicas", ParameterType.INT, "Number of replicas, 0 or more", "3").withPattern("^\\d{1,6}$"));
  }

  @Override
  public void apply(FunctionContext context, Arguments arguments) {
    for (Map<String, Object> resource : context.resources()) {
      if (SCALABLE.contains(String.valueOf(resource.get("kind")))) {
        Trees.child(resource, "spec").put("replicas", arguments.integer("replicas"));
      }
    }
  }
}
