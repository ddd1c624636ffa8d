package io.tandem.common.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/** The embedded PostgreSQL's durability settings, as the server starts it from the bound {@code tandem.*} settings. */
class EmbeddedPostgresConfigurationIT {

  private static final List<String> DURABILITY = List.of("fsync", "synchronous_commit", "full_page_writes");

  @Test
  void byDefaultEveryCommitIsOnDiskBeforeItIsAcknowledged() throws Exception {
    assertThat(settingsOf(Map.of())).containsExactly(
        Map.entry("fsync", "on"), Map.entry("synchronous_commit", "on"), Map.entry("full_page_writes", "on"));
  }

  @Test
  void theFastModeIsTakenOnlyWhenAskedFor() throws Exception {
    assertThat(settingsOf(Map.of("tandem.embedded-postgres.durable", "false"))).containsExactly(
        Map.entry("fsync", "off"), Map.entry("synchronous_commit", "off"), Map.entry("full_page_writes", "off"));
  }

  private static Map<String, String> settingsOf(Map<String, String> settings) throws Exception {
    Map<String, String> source = new LinkedHashMap<>(settings);
    source.put("tandem.embedded-postgres.persistent", "false");
    TandemProperties properties =
        new Binder(new MapConfigurationPropertySource(source)).bindOrCreate("tandem", TandemProperties.class);
    try (EmbeddedPostgres postgres = new EmbeddedPostgresConfiguration().embeddedPostgres(properties);
        Connection connection = postgres.getPostgresDatabase().getConnection()) {
      Map<String, String> shown = new LinkedHashMap<>();
      for (String name : DURABILITY) {
        shown.put(name, show(connection, name));
      }
      return shown;
    }
  }

  private static String show(Connection connection, String name) throws SQLException {
    try (Statement statement = connection.createStatement(); ResultSet result = statement.executeQuery("SHOW " + name)) {
      result.next();
      return result.getString(1);
    }
  }
}
