package io.tandem.function.builtin;

import io.tandem.function.domain.Arguments;
import io.tandem.function.domain.ConfigFunction;
import io.tandem.function.domain.FunctionContext;
import io.tandem.function.domain.FunctionDefinition;
import io.tandem.function.domain.FunctionKind;
import io.tandem.function.domain.KindSchemas;
import java.util.Map;
import org.springframework.stereotype.Component;

@Component
class VetSchemas implements ConfigFunction {

  private final KindSchemas schemas;

  VetSchemas(KindSchemas schemas) {
    this.schemas = schemas;
  }

  @Override
  public FunctionDefinition definition() {
    return FunctionDefinition.of(
        "vet-schemas",
        FunctionKind.Validating,
        "Checks every object of a built-in Kubernetes kind against its schema: unknown fields and values of the"
            + " wrong type are findings with their paths. Kinds the schema does not know (custom resources) pass.");
  }

  @Override
  public void apply(FunctionContext context, Arguments arguments) {
    for (Map<String, Object> resource : context.resources()) {
      SchemaCheck.check(schemas, resource, (path, problem) -> context.finding(resource, path, problem));
    }
  }
}
