package io.tandem.function.builtin;

import io.tandem.function.domain.Arguments;
import io.tandem.function.domain.ConfigFunction;
import io.tandem.function.domain.FunctionContext;
import io.tandem.function.domain.FunctionDefinition;
import io.tandem.function.domain.FunctionKind;
import java.util.Map;
import org.springframework.stereotype.Component;

@Component
class VetPlaceholders implements ConfigFunction {

  @Override
  public FunctionDefinition definition() {
    return FunctionDefinition.of(
        "vet-placeholders",
        FunctionKind.Validating,
        "Fails for every value still to be filled in: the string confighubplaceholder or the integer 999999999.");
  }

  @Override
  public void apply(FunctionContext context, Arguments arguments) {
    for (Map<String, Object> resource : context.resources()) {
      Placeholders.find(resource, "", (path, value) -> context.finding(resource, path, "placeholder value " + value + " is still to be filled in"));
    }
  }
}
