package io.tandem;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * The committed document lints clean: what client generators and portal developers rely on. Every operation has a
 * unique operationId, a summary, a tag and the problem+json error response; every path parameter is declared;
 * every request body has a schema; every schema of the components is used or is the Problem document.
 */
class OpenApiLintTest {

  static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch", "head", "options");

  @SuppressWarnings("unchecked")
  static Map<String, Object> document() throws IOException {
    return new Yaml().load(Files.readString(Path.of("api-spec", "openapi.yaml")));
  }

  @Test
  @SuppressWarnings("unchecked")
  void everyOperationIsNamedDescribedTaggedAndDocumentsItsErrors() throws IOException {
    Map<String, Object> paths = (Map<String, Object>) document().get("paths");
    List<String> problems = new ArrayList<>();
    Set<String> operationIds = new HashSet<>();
    paths.forEach((path, item) -> ((Map<String, Object>) item).forEach((method, value) -> {
      if (!METHODS.contains(method)) {
        return;
      }
      Map<String, Object> operation = (Map<String, Object>) value;
      String where = method.toUpperCase(Locale.ROOT) + " " + path;
      Object id = operation.get("operationId");
      if (id == null || !operationIds.add(id.toString())) {
        problems.add(where + ": missing or repeated operationId " + id);
      }
      if (operation.get("summary") == null || operation.get("summary").toString().isBlank()) {
        problems.add(where + ": no summary");
      }
      if (!(operation.get("tags") instanceof List<?> tags) || tags.isEmpty()) {
        problems.add(where + ": no tag");
      }
      Map<String, Object> responses = (Map<String, Object>) operation.get("responses");
      if (responses == null || !(responses.get("default") instanceof Map<?, ?> error)
          || !error.toString().contains("application/problem+json")) {
        problems.add(where + ": no problem+json default response");
      }
      if (responses != null && responses.keySet().stream().noneMatch(code -> code.startsWith("2"))) {
        problems.add(where + ": no success response");
      }
      List<String> declared = new ArrayList<>();
      if (operation.get("parameters") instanceof List<?> parameters) {
        for (Object parameter : parameters) {
          Map<String, Object> p = (Map<String, Object>) parameter;
          if ("path".equals(p.get("in"))) {
            declared.add(p.get("name").toString());
          }
        }
      }
      java.util.regex.Matcher variables = java.util.regex.Pattern.compile("\\{([^}]+)}").matcher(path);
      while (variables.find()) {
        if (!declared.contains(variables.group(1))) {
          problems.add(where + ": path parameter " + variables.group(1) + " not declared");
        }
      }
      if (operation.get("requestBody") instanceof Map<?, ?> body
          && ((Map<String, Object>) body.get("content")).values().stream()
              .anyMatch(media -> !(media instanceof Map<?, ?> m) || m.get("schema") == null)) {
        problems.add(where + ": a request body without a schema");
      }
    }));
    assertThat(problems).isEmpty();
    assertThat(operationIds).hasSizeGreaterThan(60);
  }

  @Test
  @SuppressWarnings("unchecked")
  void everyComponentSchemaIsUsedAndEveryReferenceResolves() throws IOException {
    Map<String, Object> document = document();
    Map<String, Object> schemas = (Map<String, Object>) ((Map<String, Object>) document.get("components")).get("schemas");
    String text = Files.readString(Path.of("api-spec", "openapi.yaml"));
    List<String> problems = new ArrayList<>();
    java.util.regex.Matcher references = java.util.regex.Pattern.compile("#/components/schemas/([A-Za-z0-9_.-]+)").matcher(text);
    Set<String> referenced = new HashSet<>();
    while (references.find()) {
      referenced.add(references.group(1));
      if (!schemas.containsKey(references.group(1))) {
        problems.add("unresolved reference " + references.group(1));
      }
    }
    schemas.keySet().stream().filter(name -> !referenced.contains(name)).forEach(name -> problems.add("unused schema " + name));
    assertThat(problems).isEmpty();
  }

  /** A merge patch names only what changes (RFC 7386): a PATCH body whose schema requires a field lies to clients. */
  @Test
  @SuppressWarnings("unchecked")
  void mergePatchBodiesRequireNoField() throws IOException {
    Map<String, Object> document = document();
    Map<String, Object> schemas = (Map<String, Object>) ((Map<String, Object>) document.get("components")).get("schemas");
    List<String> problems = new ArrayList<>();
    ((Map<String, Object>) document.get("paths")).forEach((path, item) -> {
      if (((Map<String, Object>) item).get("patch") instanceof Map<?, ?> patch && patch.get("requestBody") instanceof Map<?, ?> body) {
        ((Map<String, Object>) body.get("content")).forEach((mediaType, media) -> {
          Object schema = ((Map<String, Object>) media).get("schema");
          if (schema instanceof Map<?, ?> s && s.get("$ref") instanceof String ref) {
            schema = schemas.get(ref.substring(ref.lastIndexOf('/') + 1));
          }
          if (schema instanceof Map<?, ?> s && s.get("required") instanceof List<?> required && !required.isEmpty()) {
            problems.add("PATCH " + path + " (" + mediaType + ") requires " + required);
          }
        });
      }
    });
    assertThat(problems).isEmpty();
  }
}
