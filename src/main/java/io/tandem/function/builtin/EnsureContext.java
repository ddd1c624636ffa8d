package io.tandem.function.builtin;

import io.tandem.function.domain.Arguments;
import io.tandem.function.domain.ConfigFunction;
import io.tandem.function.domain.FunctionContext;
import io.tandem.function.domain.FunctionDefinition;
import io.tandem.function.domain.FunctionKind;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;

@Component
class EnsureContext implements ConfigFunction {

  static final String SPACE = "tandem.io/space";
  static final String UNIT = "tandem.io/unit";

  @Override
  public FunctionDefinition definition() {
    return FunctionDefinition.of(
        "ensure-context",
        FunctionKind.Mutating,
        "Annotates every resource with the space and unit it belongs to (" + SPACE + ", " + UNIT + "), so that"
            + " objects on a cluster can be traced back.");
  }

  @Override
  public void apply(FunctionContext context, Arguments arguments) {
    for (Map<String, Object> resource : context.resources()) {
      Map<String, Object> annotations = Trees.ensure(resource, List.of("metadata", "annotations"));
      annotations.put(SPACE, context.space());
      annotations.put(UNIT, context.unit());
    }
  }
}
