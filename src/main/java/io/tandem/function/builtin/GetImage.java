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
class GetImage implements ConfigFunction {

  @Override
  public FunctionDefinition definition() {
    return FunctionDefinition.of(
        "get-image",
        FunctionKind.Readonly,
        "Returns the image of the named containers (and init containers) in every workload.",
        Parameter.required("container", ParameterType.STRING, "Container name, or * for all", "server"));
  }

  @Override
  public void apply(FunctionContext context, Arguments arguments) {
    for (Workloads.Container found : Workloads.containers(context.resources(), arguments.string("container"))) {
      context.output(found.resource(), found.path() + ".image", found.container().get("image"));
    }
  }
}
