package io.tandem.common.config;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.StreamSupport;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The table of Tandem's settings in docs/operations.md, generated from the {@code tandem.*} properties that the configuration
 * processor found in the {@code @ConfigurationProperties} records (their names, defaults and Javadoc).
 */
final class ConfigurationTable {

  static final String METADATA = "META-INF/spring-configuration-metadata.json";

  record Setting(String name, String type, String defaultValue, String description) {}

  private ConfigurationTable() {}

  /** Tandem's settings as the processor described them, by name. */
  static List<Setting> settings() {
    List<Setting> settings = new ArrayList<>();
    try {
      for (URL url : Collections.list(ConfigurationTable.class.getClassLoader().getResources(METADATA))) {
        try (InputStream in = url.openStream()) {
          for (JsonNode property : JsonMapper.builder().build().readTree(in).path("properties")) {
            String name = property.path("name").asString();
            if (name.startsWith("tandem.")) {
              String type = property.path("type").asString();
              settings.add(new Setting(name, type, defaultValue(type, property.get("defaultValue")),
                  property.path("description").asString("")));
            }
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    settings.sort((a, b) -> a.name().compareTo(b.name()));
    return settings;
  }

  static String markdown() {
    StringBuilder table = new StringBuilder("| Setting | Default | |\n|---|---|---|\n");
    for (Setting setting : settings()) {
      table.append("| `").append(setting.name()).append("` | ")
          .append(setting.defaultValue().isEmpty() ? "unset" : "`" + setting.defaultValue() + "`").append(" | ")
          .append(markdown(setting.description())).append(" |\n");
    }
    return table.toString();
  }

  /**
   * The default as it would be written in the configuration (a list comma-separated; the processor gives one as
   * {@code [a, b]}); empty when there is none.
   */
  private static String defaultValue(String type, JsonNode value) {
    if (value == null || value.isNull()) {
      return "";
    }
    if (value.isArray()) {
      return String.join(",", StreamSupport.stream(value.spliterator(), false).map(JsonNode::asString).toList());
    }
    String text = value.asString();
    if (type.startsWith("java.util.List<") && text.startsWith("[") && text.endsWith("]")) {
      return String.join(",", text.substring(1, text.length() - 1).split(",\\s*"));
    }
    return text;
  }

  /** Javadoc's inline code as Markdown code; a pipe would end the table cell. */
  private static String markdown(String javadoc) {
    return javadoc.replaceAll("\\{@code ([^}]*)}", "`$1`").replace("|", "\\|");
  }
}
