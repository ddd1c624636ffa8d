package io.tandem;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/** What Swagger UI and generated clients need to call the API: the bearer scheme, and who may call what. */
class OpenApiSecurityDocumentTest {

  @SuppressWarnings("unchecked")
  private static final Map<String, Object> DOCUMENT = load();

  @SuppressWarnings("unchecked")
  private static Map<String, Object> load() {
    try {
      return new Yaml().load(Files.readString(Path.of("api-spec", "openapi.yaml")));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  @SuppressWarnings("unchecked")
  void everyOperationNeedsTheBearerSchemeSoSwaggerUiOffersAuthorize() {
    Map<String, Object> schemes = (Map<String, Object>) ((Map<String, Object>) DOCUMENT.get("components")).get("securitySchemes");
    assertThat(schemes).containsKey("bearerToken");
    assertThat((Map<String, Object>) schemes.get("bearerToken")).containsEntry("type", "http").containsEntry("scheme", "bearer");
    assertThat((List<Map<String, Object>>) DOCUMENT.get("security")).containsExactly(Map.of("bearerToken", List.of()));
  }

  @Test
  @SuppressWarnings("unchecked")
  void everyOperationSaysWhoMayCallIt() {
    List<String> silent = new ArrayList<>();
    ((Map<String, Object>) DOCUMENT.get("paths")).forEach((path, operations) ->
        ((Map<String, Object>) operations).forEach((method, operation) -> {
          Map<String, Object> fields = (Map<String, Object>) operation;
          if (!(fields.get("x-tandem-access") instanceof String) || !String.valueOf(fields.get("description")).contains("Who may call:")) {
            silent.add(method + " " + path);
          }
        }));
    assertThat(silent).isEmpty();
  }

  @Test
  @SuppressWarnings("unchecked")
  void tagsComeInTheOrderANewcomerMeetsThem() {
    List<String> tags = ((List<Map<String, Object>>) DOCUMENT.get("tags")).stream().map(tag -> (String) tag.get("name")).toList();
    assertThat(tags).startsWith("spaces", "units", "functions", "targets", "actions");
  }
}
