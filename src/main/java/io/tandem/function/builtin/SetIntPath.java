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
class SetIntPath implements ConfigFunction {

  @Override
  public FunctionDefinition definition() {
    return FunctionDefinition.of(
        "set-int-path",
        FunctionKind.Mutating,
        "Sets the integer at a path in every resource (of a type, if given), creating missing map keys"
            + " on the way.",
        Parameter.required("path", ParameterType.PATH, "Dots, list indices, * and ?key=value", "spec.template.spec.containers.?name=server.imagePullPolicy"),
        Parameter.required("value", ParameterType.INT, "The integer", "3"),
        Parameter.optional("resourceType", ParameterType.STRING, "Only resources of this apiVersion/kind", "apps/v1/Deployment"));
  }

  @Override
  public void apply(FunctionContext context, Arguments arguments) {
    PathFunctions.set(context, arguments, arguments.integer("value"));
  }
}
