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
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import io.swagger.v3.oas.models.servers.Server;
import io.tandem.common.access.Access;
import io.tandem.common.error.ProblemCode;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springdoc.core.customizers.OperationCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The published document's metadata, its bearer-token security scheme, who may call each operation, the order of its
 * tags, and the problem+json error response that every operation can give.
 */
@Configuration(proxyBeanMethods = false)
class OpenApiConfiguration {

  private static final String PROBLEM = "Problem";
  private static final String BEARER = "bearerToken";
  /** The tags in the order a newcomer meets them; any other tag follows. */
  private static final List<String> TAG_ORDER = List.of("spaces", "units", "functions", "targets", "actions", "variants",
      "links", "tags", "change-sets", "triggers", "git", "webhooks", "events", "security");

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
        .servers(List.of(new Server().url("/")))
        .components(new Components().addSecuritySchemes(BEARER, new SecurityScheme()
            .type(SecurityScheme.Type.HTTP)
            .scheme("bearer")
            .bearerFormat("tdm_<prefix>_<secret>, or a JWT of the configured OpenID Connect provider")
            .description("An API token (POST /api/v1/tokens), or a JWT of the organisation's identity provider")))
        .addSecurityItem(new SecurityRequirement().addList(BEARER));
  }

  /** Tags in {@link #TAG_ORDER}, and the scheme kept (springdoc rebuilds the components it scans). */
  @Bean
  OpenApiCustomizer tagOrderAndSecurityScheme(OpenAPI tandemOpenApi) {
    return openApi -> {
      if (openApi.getTags() != null) {
        openApi.setTags(openApi.getTags().stream()
            .sorted(Comparator.comparingInt(tag -> TAG_ORDER.contains(tag.getName()) ? TAG_ORDER.indexOf(tag.getName()) : TAG_ORDER.size()))
            .toList());
      }
      if (openApi.getComponents() == null) {
        openApi.setComponents(new Components());
      }
      openApi.getComponents().setSecuritySchemes(tandemOpenApi.getComponents().getSecuritySchemes());
    };
  }

  /** Who may call each operation, from its handler's {@link Access} declaration, in words and as an extension. */
  @Bean
  OperationCustomizer accessInDescriptions() {
    return (operation, handler) -> {
      Access access = handler.getMethodAnnotation(Access.class);
      if (access != null) {
        String who = switch (access.value()) {
          case ANY_CALLER -> "any caller";
          case ORG_ADMIN -> "organisation admins";
          case SPACE_CREATOR -> "organisation admins and callers given createSpaces";
          case SPACE_ROLE -> "the role " + access.role() + " (or more) in the space, or an organisation admin";
          case SIGNED_REQUEST -> "anyone, without a token, whose request is signed with the shared secret";
        };
        if (access.value() == Access.Who.SIGNED_REQUEST) {
          operation.setSecurity(List.of()); // no bearer token
        }
        String description = operation.getDescription() == null ? "" : operation.getDescription() + "\n\n";
        operation.setDescription(description + "Who may call: " + who + "."
            + (access.expensive() ? " Counted against the caller's limit of expensive calls." : ""));
        operation.addExtension("x-tandem-access",
            access.value() == Access.Who.SPACE_ROLE ? access.role().name() : access.value().name());
      }
      return operation;
    };
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
