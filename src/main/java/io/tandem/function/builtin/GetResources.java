package io.tandem.function.builtin;

import io.tandem.function.domain.Arguments;
import io.tandem.function.domain.ConfigFunction;
import io.tandem.function.domain.FunctionContext;
import io.tandem.function.domain.FunctionDefinition;
import io.tandem.function.domain.FunctionKind;
import java.util.Map;
import org.springframework.stereotype.Component;

@Component
class GetResources implements ConfigFunction {

  @Override
  public FunctionDefinition definition() {
    return FunctionDefinition.of(
        "get-resources", FunctionKind.Readonly, "Returns the type and name of every resource of the unit.");
  }

  @Override
  public void apply(FunctionContext context, Arguments arguments) {
    for (Map<String, Object> resource : context.resources()) {
      context.output(resource, "", resource.get("apiVersion") + "/" + resource.get("kind"));
    }
  }
}
