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
class SetEnv implements ConfigFunction {

  @Override
  public FunctionDefinition definition() {
    return FunctionDefinition.of(
        "set-env",
        FunctionKind.Mutating,
        "Sets several environment variables of the named containers at once: K=V sets, K= removes.",
        Parameter.required("container", ParameterType.STRING, "Container name, or * for all", "server"),
        Parameter.required("assignments", ParameterType.STRING, "NAME=value, or NAME= to remove", "LOG_LEVEL=debug")
            .withPattern("^[-._a-zA-Z][-._a-zA-Z0-9]*=.*$")
            .asVariadic());
  }

  @Override
  public void apply(FunctionContext context, Arguments arguments) {
    for (Workloads.Container found : Workloads.containers(context.resources(), arguments.string("container"))) {
      for (String assignment : arguments.all("assignments")) {
        int equals = assignment.indexOf('=');
        String name = assignment.substring(0, equals);
        String value = assignment.substring(equals + 1);
        if (value.isEmpty()) {
          EnvVars.remove(found.container(), name);
        } else {
          EnvVars.set(found.container(), name, value);
        }
      }
    }
  }
}
