package io.tandem.function.builtin;

import io.tandem.common.cel.CelExpression;
import io.tandem.function.domain.Arguments;
import io.tandem.function.domain.ConfigFunction;
import io.tandem.function.domain.FunctionContext;
import io.tandem.function.domain.FunctionDefinition;
import io.tandem.function.domain.FunctionKind;
import io.tandem.function.domain.Parameter;
import io.tandem.function.domain.ParameterType;
import java.util.Map;
import org.springframework.stereotype.Component;

@Component
class VetCelExpr implements ConfigFunction {

  @Override
  public FunctionDefinition definition() {
    return FunctionDefinition.of(
        "vet-celexpr",
        FunctionKind.Validating,
        "Checks a CEL expression over each resource (the variable r) of a type, or of every type; a resource for"
            + " which it is false, or cannot be evaluated, is a finding.",
        Parameter.required("expression", ParameterType.CEL, "CEL over the resource r", "r.spec.replicas >= 2"),
        Parameter.optional("resourceType", ParameterType.STRING, "Only resources of this apiVersion/kind", "apps/v1/Deployment"));
  }

  @Override
  public void apply(FunctionContext context, Arguments arguments) {
    CelExpression expression = arguments.cel("expression");
    for (Map<String, Object> resource : PathFunctions.selected(context, arguments.string("resourceType"))) {
      try {
        Object result = expression.evaluate(resource);
        if (!Boolean.TRUE.equals(result)) {
          context.finding(resource, "", "'" + expression + "' is " + result);
        }
      } catch (IllegalStateException e) {
        context.finding(resource, "", "'" + expression + "' cannot be evaluated: " + e.getMessage());
      }
    }
  }
}
