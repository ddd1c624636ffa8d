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
class SetAnnotation implements ConfigFunction {

  @Override
  public FunctionDefinition definition() {
    return FunctionDefinition.of(
        "set-annotation",
        FunctionKind.Mutating,
        "Sets an annotation on every resource of the unit.",
        Parameter.required("key", ParameterType.STRING, "The annotation key", "app.kubernetes.io/part-of")
            .withPattern("^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$"),
        Parameter.required("value", ParameterType.STRING, "The value", "shop"));
  }

  @Override
  public void apply(FunctionContext context, Arguments arguments) {
    MetadataEntry.set(context, "annotations", arguments.string("key"), arguments.string("value"));
  }
}
