package io.tandem.function.builtin;

import io.tandem.function.domain.Arguments;
import io.tandem.function.domain.ConfigFunction;
import io.tandem.function.domain.FunctionContext;
import io.tandem.function.domain.FunctionDefinition;
import io.tandem.function.domain.FunctionKind;
import io.tandem.function.domain.Parameter;
import io.tandem.function.domain.ParameterType;
import org.springframework.stereotype.Component;

@Component
class SetImage implements ConfigFunction {

  @Override
  public FunctionDefinition definition() {
    return FunctionDefinition.of(
        "set-image",
        FunctionKind.Mutating,
        "Sets the image of the named containers (and init containers) in every workload.",
        Parameter.required("container", ParameterType.STRING, "Container name, or * for all", "server"),
        Parameter.required("image", ParameterType.STRING, "The full image reference", "nginx:1.27").withPattern("^\\S+$"));
  }

  @Override
  public void apply(FunctionContext context, Arguments arguments) {
    for (Workloads.Container found : Workloads.containers(context.resources(), arguments.string("container"))) {
      found.container().put("image", arguments.string("image"));
    }
  }
}
