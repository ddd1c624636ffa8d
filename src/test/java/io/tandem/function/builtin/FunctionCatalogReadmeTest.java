package io.tandem.function.builtin;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.function.domain.FunctionDefinition;
import io.tandem.function.domain.Parameter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The README's function catalog is generated from the registry, so it cannot go stale: this test fails when they
 * differ, and {@code -Dgolden.update=true} rewrites the README's section.
 */
class FunctionCatalogReadmeTest {

  static final Path README = Path.of("README.md");
  static final String START = "<!-- function-catalog:start -->\n";
  static final String END = "<!-- function-catalog:end -->";

  @Test
  void readmeCatalogMatchesTheRegistry() throws IOException {
    String readme = Files.readString(README);
    int start = readme.indexOf(START);
    int end = readme.indexOf(END);
    assertThat(start).as("README has the catalog markers").isNotNegative();
    assertThat(end).isGreaterThan(start);
    String generated = catalog();

    if (Boolean.getBoolean("golden.update")) {
      Files.writeString(README, readme.substring(0, start + START.length()) + generated + readme.substring(end));
      readme = Files.readString(README);
    }
    assertThat(readme.substring(start + START.length(), readme.indexOf(END)))
        .as("README function catalog; run ./mvnw test -Dtest=FunctionCatalogReadmeTest -Dgolden.update=true")
        .isEqualTo(generated);
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
