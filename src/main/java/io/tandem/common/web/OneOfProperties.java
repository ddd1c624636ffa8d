package io.tandem.common.web;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.Schema;
import java.util.Map;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.stereotype.Component;

/**
 * A property that is one of several schemas ({@code @Schema(oneOf = …)} on an {@code Object} field: a string or an
 * object) has no type of its own. springdoc writes the Java field's type beside the {@code oneOf}, {@code type:
 * object} for {@code Object}, which would make every string alternative invalid; this takes it away.
 */
@Component
class OneOfProperties implements OpenApiCustomizer {

  @Override
  @SuppressWarnings("rawtypes")
  public void customise(OpenAPI openApi) {
    if (openApi.getComponents() == null || openApi.getComponents().getSchemas() == null) {
      return;
    }
    for (Schema<?> schema : openApi.getComponents().getSchemas().values()) {
      Map<String, Schema> properties = schema.getProperties();
      if (properties != null) {
        properties.values().stream()
            .filter(property -> property.getOneOf() != null && !property.getOneOf().isEmpty())
            .forEach(property -> {
              property.setType(null);
              property.setTypes(null);
            });
      }
    }
  }
}
