package io.tandem.function.builtin;

import io.tandem.common.yaml.Paths;
import io.tandem.function.domain.Arguments;
import io.tandem.function.domain.ConfigFunction;
import io.tandem.function.domain.FunctionContext;
import io.tandem.function.domain.FunctionDefinition;
import io.tandem.function.domain.FunctionKind;
import io.tandem.function.domain.Parameter;
import io.tandem.function.domain.ParameterType;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;

@Component
class GetEnvVar implements ConfigFunction {

  @Override
  public FunctionDefinition definition() {
    return FunctionDefinition.of(
        "get-env-var",
        FunctionKind.Readonly,
        "Returns the value of an environment variable of the named containers.",
        Parameter.required("container", ParameterType.STRING, "Container name, or * for all", "server"),
        Parameter.required("name", ParameterType.STRING, "Variable name", "LOG_LEVEL"));
  }

  @Override
  public void apply(FunctionContext context, Arguments arguments) {
    for (Workloads.Container found : Workloads.containers(context.resources(), arguments.string("container"))) {
      List<Object> env = EnvVars.list(found.container(), false);
      for (int i = 0; i < env.size(); i++) {
        if (env.get(i) instanceof Map<?, ?> variable && arguments.string("name").equals(variable.get("name"))) {
          String path = Paths.child(Paths.child(found.path(), "env"), i);
          context.output(found.resource(), path + (variable.containsKey("value") ? ".value" : ".valueFrom"),
              variable.containsKey("value") ? variable.get("value") : variable.get("valueFrom"));
        }
      }
    }
  }
}
