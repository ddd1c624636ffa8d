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
class SetEnvVar implements ConfigFunction {

  @Override
  public FunctionDefinition definition() {
    return FunctionDefinition.of(
        "set-env-var",
        FunctionKind.Mutating,
        "Sets an environment variable of the named containers, adding it when missing.",
        Parameter.required("container", ParameterType.STRING, "Container name, or * for all", "server"),
        Parameter.required("name", ParameterType.STRING, "Variable name", "LOG_LEVEL").withPattern("^[-._a-zA-Z][-._a-zA-Z0-9]*$"),
        Parameter.required("value", ParameterType.STRING, "Value", "debug"));
  }

  @Override
  public void apply(FunctionContext context, Arguments arguments) {
    for (Workloads.Container found : Workloads.containers(context.resources(), arguments.string("container"))) {
      EnvVars.set(found.container(), arguments.string("name"), arguments.string("value"));
    }
  }
}
