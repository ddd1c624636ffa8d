package io.tandem.function.builtin;

import io.tandem.function.domain.Arguments;
import io.tandem.function.domain.ConfigFunction;
import io.tandem.function.domain.FunctionContext;
import io.tandem.function.domain.FunctionDefinition;
import io.tandem.function.domain.FunctionKind;
import io.tandem.function.domain.Parameter;
import io.tandem.function.domain.ParameterType;
import java.util.List;
import org.springframework.stereotype.Component;

@Component
class DeleteResource implements ConfigFunction {

  @Override
  public FunctionDefinition definition() {
    return FunctionDefinition.of(
        "delete-resource",
        FunctionKind.Mutating,
        "Removes the resources of a type and name from the unit.",
        Parameter.required("resourceType", ParameterType.STRING, "apiVersion/kind", "v1/ConfigMap"),
        Parameter.required("name", ParameterType.STRING, "metadata.name", "settings"));
  }

  @Override
  public void apply(FunctionContext context, Arguments arguments) {
    context.resources().removeIf(resource ->
        arguments.string("resourceType").equals(resource.get("apiVersion") + "/" + resource.get("kind"))
            && arguments.string("name").equals(Trees.get(resource, List.of("metadata", "name"))));
  }
}
