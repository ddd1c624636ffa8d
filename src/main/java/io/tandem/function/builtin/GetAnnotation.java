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
class GetAnnotation implements ConfigFunction {

  @Override
  public FunctionDefinition definition() {
    return FunctionDefinition.of(
        "get-annotation",
        FunctionKind.Readonly,
        "Returns an annotation of every resource that has it.",
        Parameter.required("key", ParameterType.STRING, "The annotation key", "app.kubernetes.io/part-of"));
  }

  @Override
  public void apply(FunctionContext context, Arguments arguments) {
    MetadataEntry.get(context, "annotations", arguments.string("key"));
  }
}
