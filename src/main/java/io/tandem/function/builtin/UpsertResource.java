package io.tandem.function.builtin;

import io.tandem.common.error.TandemException;
import io.tandem.common.yaml.KubernetesResource;
import io.tandem.common.yaml.KubernetesYaml;
import io.tandem.function.domain.Arguments;
import io.tandem.function.domain.ConfigFunction;
import io.tandem.function.domain.FunctionContext;
import io.tandem.function.domain.FunctionDefinition;
import io.tandem.function.domain.FunctionKind;
import io.tandem.function.domain.FunctionRunner;
import io.tandem.function.domain.Parameter;
import io.tandem.function.domain.ParameterType;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;

@Component
class UpsertResource implements ConfigFunction {

  @Override
  public FunctionDefinition definition() {
    return FunctionDefinition.of(
        "upsert-resource",
        FunctionKind.Mutating,
        "Adds a resource to the unit, or replaces the one with the same apiVersion, kind, namespace and name.",
        Parameter.required("resource", ParameterType.STRING, "One Kubernetes object as YAML",
            "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  mode: fast\n"));
  }

  @Override
  public void apply(FunctionContext context, Arguments arguments) {
    List<KubernetesResource> given;
    try {
      given = KubernetesYaml.parse(arguments.string("resource"));
    } catch (TandemException e) {
      throw TandemException.invalidArgument("Parameter 'resource' of 'upsert-resource': " + e.getMessage());
    }
    if (given.size() != 1) {
      throw TandemException.invalidArgument("Parameter 'resource' of 'upsert-resource' must hold exactly one object.");
    }
    KubernetesResource resource = given.get(0);
    Map<String, Object> content = FunctionRunner.deepCopy(resource.content());
    List<Map<String, Object>> resources = context.resources();
    for (int i = 0; i < resources.size(); i++) {
      if (FunctionContext.id(resources.get(i)).equals(resource.id())) {
        resources.set(i, content);
        return;
      }
    }
    resources.add(content);
  }
}
