package io.tandem.common.web;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.info.License;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.servers.Server;
import io.tandem.common.error.ProblemCode;
import java.util.Arrays;
import java.util.List;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The published document's metadata, and the problem+json error response that every operation can give. */
@Configuration(proxyBeanMethods = false)
class OpenApiConfiguration {

  private static final String PROBLEM = "Problem";

  @Bean
  OpenAPI tandemOpenApi() {
    return new OpenAPI()
        .info(
            new Info()
                .title("Tandem")
                .version("v1")
                .description(
                    "A configuration hub for Kubernetes: units of configuration stored as revisions, changed through"
                        + " this API, applied to clusters and kept in step with them in both directions.")
                .license(new License().name("Apache-2.0")))
        // A relative server keeps the document identical whichever host and port serve it.
        .servers(List.of(new Server().url("/")));
  }

  /** The Problem schema, added here with the responses that use it (springdoc rebuilds the components it scans). */
  @Bean
  OpenApiCustomizer problemResponses() {
    return openApi -> {
      if (openApi.getComponents() == null) {
        openApi.setComponents(new Components());
      }
      openApi.getComponents().addSchemas(PROBLEM, problemSchema());
      openApi.getPaths().values().stream()
            .flatMap(path -> path.readOperations().stream())
            .forEach(
                operation ->
                    operation
                        .getResponses()
                        .addApiResponse(
                            "default",
                            new ApiResponse()
                                .description("An error, as RFC 9457 problem+json with a stable code")
                                .content(
                                    new Content()
                                        .addMediaType(
                                            "application/problem+json",
                                            new MediaType().schema(new Schema<>().$ref("#/components/schemas/" + PROBLEM))))));
    };
  }

  private static Schema<?> problemSchema() {
    StringSchema code = new StringSchema();
    code.setEnum(Arrays.stream(ProblemCode.values()).map(ProblemCode::code).toList());
    code.description("Stable machine-readable error code");
    return new ObjectSchema()
        .description("RFC 9457 problem details")
        .addProperty("type", new StringSchema().example("urn:tandem:problem:not-found"))
        .addProperty("title", new StringSchema())
        .addProperty("status", new IntegerSchema())
        .addProperty("detail", new StringSchema())
        .addProperty("instance", new StringSchema())
        .addProperty("code", code);
  }
}
