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
class SetPodDefaults implements ConfigFunction {

  @Override
  public FunctionDefinition definition() {
    return FunctionDefinition.of(
        "set-pod-defaults",
        FunctionKind.Mutating,
        "Adds safe defaults to every workload where they are missing (never overriding what is set): a pod security"
            + " context that runs as non-root, no automounted service account token, and for every container"
            + " disallowed privilege escalation and resource requests (100m CPU, 128Mi memory).");
  }

  @Override
  public void apply(FunctionContext context, Arguments arguments) {
    for (Map<String, Object> resource : context.resources()) {
      List<String> specPath = Workloads.podSpecPath(resource);
      if (specPath == null || !(Trees.get(resource, specPath) instanceof Map<?, ?>)) {
        continue;
      }
      Map<String, Object> podSpec = Trees.ensure(resource, specPath);
      podSpec.putIfAbsent("automountServiceAccountToken", false);
      Trees.child(podSpec, "securityContext").putIfAbsent("runAsNonRoot", true);
    }
    for (Workloads.Container found : Workloads.containers(context.resources(), "*")) {
      Trees.child(found.container(), "securityContext").putIfAbsent("allowPrivilegeEscalation", false);
      Map<String, Object> requests = Trees.child(Trees.child(found.container(), "resources"), "requests");
      requests.putIfAbsent("cpu", "100m");
      requests.putIfAbsent("memory", "128Mi");
    }
  }
}
