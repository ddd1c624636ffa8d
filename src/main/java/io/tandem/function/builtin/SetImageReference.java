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
class SetImageReference implements ConfigFunction {

  @Override
  public FunctionDefinition definition() {
    return FunctionDefinition.of(
        "set-image-reference",
        FunctionKind.Mutating,
        "Replaces the tag or digest of the named containers' images, keeping registry and repository.",
        Parameter.required("container", ParameterType.STRING, "Container name, or * for all", "server"),
        Parameter.required("reference", ParameterType.STRING, "A tag (:v1.4.2) or a digest (@sha256:…)", ":v1.4.2")
            .withPattern("^(:[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}|@[A-Za-z0-9]+:[A-Fa-f0-9]{32,})$"));
  }

  @Override
  public void apply(FunctionContext context, Arguments arguments) {
    for (Workloads.Container found : Workloads.containers(context.resources(), arguments.string("container"))) {
      Object image = found.container().get("image");
      if (image instanceof String text) {
        found.container().put("image", repository(text) + arguments.string("reference"));
      }
    }
  }

  /** The image without its tag and digest; a ':' before the last '/' belongs to a registry port. */
  static String repository(String image) {
    String name = image.contains("@") ? image.substring(0, image.indexOf('@')) : image;
    int colon = name.lastIndexOf(':');
    return colon > name.lastIndexOf('/') ? name.substring(0, colon) : name;
  }
}
