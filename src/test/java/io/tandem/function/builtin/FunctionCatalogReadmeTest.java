package io.tandem.function.builtin;

import io.tandem.function.domain.FunctionDefinition;
import io.tandem.function.domain.Parameter;
import io.tandem.readme.GeneratedSection;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The function catalog in docs/api.md is generated from the registry, so it cannot go stale: this test fails when
 * they differ, and {@code -Dgolden.update=true} rewrites that section of docs/api.md.
 */
class FunctionCatalogReadmeTest {

  @Test
  void theDocumentedCatalogMatchesTheRegistry() throws IOException {
    GeneratedSection.assertCurrent(
        Path.of("docs", "api.md"), "function-catalog", catalog(), "FunctionCatalogReadmeTest");
  }

  static String catalog() {
    StringBuilder table = new StringBuilder("| function | kind | arguments | what it does |\n|---|---|---|---|\n");
    for (FunctionDefinition function : FunctionGoldenTest.registry().definitions()) {
      StringBuilder arguments = new StringBuilder();
      for (Parameter parameter : function.parameters()) {
        String name = parameter.name() + (parameter.variadic() ? "…" : "");
        String type = parameter.enumValues().isEmpty() ? parameter.type().wireName() : String.join("\\|", parameter.enumValues());
        arguments.append(arguments.isEmpty() ? "" : " ").append(parameter.required() ? "" : "[").append("`").append(name)
            .append("`").append(parameter.required() ? "" : "]").append(" (").append(type).append(")");
      }
      table.append("| `").append(function.name()).append("` | ").append(function.kind()).append(" | ")
          .append(arguments).append(" | ").append(function.description().replace("|", "\\|")).append(" |\n");
    }
    return table.toString();
  }
}
