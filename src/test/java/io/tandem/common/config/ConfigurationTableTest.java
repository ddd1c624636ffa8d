package io.tandem.common.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.readme.GeneratedSection;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * The settings table in docs/operations.md is generated from the configuration records, so it cannot go stale: this
 * test fails when they differ, and {@code -Dgolden.update=true} rewrites that table in docs/operations.md.
 */
class ConfigurationTableTest {

  @Test
  void theDocumentedTableMatchesTheConfigurationRecords() throws IOException {
    GeneratedSection.assertCurrent(
        Path.of("docs", "operations.md"), "configuration-table", ConfigurationTable.markdown(), "ConfigurationTableTest");
  }

  @Test
  void everySettingIsDescribed() {
    assertThat(ConfigurationTable.settings())
        .as("tandem.* settings (a record component without an @param in its record's Javadoc has no description)")
        .hasSizeGreaterThan(40)
        .allSatisfy(setting -> assertThat(setting.description()).as(setting.name()).isNotBlank());
  }

  @Test
  void theExampleConfigurationUsesOnlySettingsThatExist() throws IOException {
    Map<String, Object> example;
    try (Reader reader = Files.newBufferedReader(Path.of("server/application-example.yaml"))) {
      example = new Yaml().load(reader);
    }
    List<String> keys = new ArrayList<>();
    flatten("tandem", example.get("tandem"), keys);

    assertThat(keys).isNotEmpty();
    assertThat(ConfigurationTable.settings().stream().map(ConfigurationTable.Setting::name).toList())
        .as("settings in server/application-example.yaml").containsAll(keys);
  }

  @Test
  void settingsAreReadOnlyThroughTheRecords() throws IOException {
    List<String> readElsewhere;
    try (var sources = Files.walk(Path.of("src/main/java"))) {
      readElsewhere = sources.filter(path -> path.toString().endsWith(".java"))
          .filter(path -> {
            String source = read(path);
            return source.contains("@Value(") || source.contains("${tandem.");
          })
          .map(Path::toString).toList();
    }

    assertThat(readElsewhere).as("sources reading a setting with @Value or a ${tandem.…} placeholder, not its record")
        .isEmpty();
  }

  private static String read(Path path) {
    try {
      return Files.readString(path);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void flatten(String prefix, Object value, List<String> keys) {
    if (value instanceof Map<?, ?> map) {
      map.forEach((key, nested) -> flatten(prefix + "." + key, nested, keys));
    } else {
      keys.add(prefix);
    }
  }
}
