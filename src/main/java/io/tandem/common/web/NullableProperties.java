package io.tandem.common.web;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.Schema;
import java.util.List;
import java.util.Map;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.stereotype.Component;

/**
 * Marks every property that a schema does not require as nullable. Jackson writes a record's null components as
 * JSON {@code null} (the API shows {@code "nextCursor": null}, a {@code lastError} of null) and reads a JSON null as
 * an absent field, so "not required" means "may be null" in both directions. OpenAPI 3.0 ignores siblings of a
 * {@code $ref}, so a nullable reference is written as {@code allOf: [$ref]} beside {@code nullable: true}.
 */
@Component
class NullableProperties implements OpenApiCustomizer {

  @Override
  public void customise(OpenAPI openApi) {
    if (openApi.getComponents() == null || openApi.getComponents().getSchemas() == null) {
      return;
    }
    openApi.getComponents().getSchemas().values().forEach(NullableProperties::markOptionalPropertiesNullable);
  }

  @SuppressWarnings({"rawtypes", "unchecked"})
  private static void markOptionalPropertiesNullable(Schema<?> schema) {
    Map<String, Schema> properties = schema.getProperties();
    if (properties == null) {
      return;
    }
    List<String> required = schema.getRequired() == null ? List.of() : schema.getRequired();
    properties.replaceAll((name, property) -> required.contains(name) ? property : nullable(property));
  }

  @SuppressWarnings("rawtypes")
  private static Schema nullable(Schema property) {
    if (property.get$ref() == null) {
      return property.nullable(true);
    }
    return new Schema<>().allOf(List.of(new Schema<>().$ref(property.get$ref()))).nullable(true);
  }
}
