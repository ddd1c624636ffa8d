package io.tandem.common.web;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.Schema;
import java.util.Map;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.stereotype.Component;

/**
 * Properties that springdoc gives {@code type: object} only because their Java type is {@code Object}, which would
 * make every scalar value invalid: one of several schemas ({@code @Schema(oneOf = …)}: a string or an object), and a
 * bare {@code Object} that holds any JSON value (a diff's old and new value, a conflict's two values, a function's
 * output). Both lose the type; a real object schema always has properties, additionalProperties or a reference.
 */
@Component
class UntypedProperties implements OpenApiCustomizer {

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
            .filter(property -> isOneOf(property) || isAnyValue(property))
            .forEach(property -> {
              property.setType(null);
              property.setTypes(null);
            });
      }
    }
  }

  private static boolean isOneOf(Schema<?> property) {
    return property.getOneOf() != null && !property.getOneOf().isEmpty();
  }

  private static boolean isAnyValue(Schema<?> property) {
    return "object".equals(property.getType()) && property.getProperties() == null
        && property.getAdditionalProperties() == null && property.get$ref() == null && property.getAllOf() == null
        && property.getAnyOf() == null;
  }
}
