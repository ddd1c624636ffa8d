package io.tandem.function.builtin;

import io.tandem.function.domain.Arguments;
import io.tandem.function.domain.ConfigFunction;
import io.tandem.function.domain.FunctionContext;
import io.tandem.function.domain.FunctionDefinition;
import io.tandem.function.domain.FunctionKind;
import io.tandem.function.domain.Parameter;
import io.tandem.function.domain.ParameterType;
import io.tandem.function.domain.PathExpression;
import java.util.Map;
import org.springframework.stereotype.Component;

@Component
class GetPath implements ConfigFunction {

  @Override
  public FunctionDefinition definition() {
    return FunctionDefinition.of(
        "get-path",
        FunctionKind.Readonly,
        "Returns the values at a path in every resource (of a type, if given).",
        Parameter.required("path", ParameterType.PATH, "Dots, list indices, * and ?key=value", "spec.template.spec.containers.?name=server.image"),
        Parameter.optional("resourceType", ParameterType.STRING, "Only resources of this apiVersion/kind", "apps/v1/Deployment"));
  }

  @Override
  public void apply(FunctionContext context, Arguments arguments) {
    PathExpression path = arguments.path("path");
    for (Map<String, Object> resource : PathFunctions.selected(context, arguments.string("resourceType"))) {
      path.find(resource).forEach(match -> context.output(resource, match.path(), match.value()));
    }
  }
}
