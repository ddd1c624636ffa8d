package io.tandem.common.config;

import io.tandem.common.files.OwnerOnlyFiles;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Who may connect to the embedded PostgreSQL: whoever knows the superuser's password, on TCP and on its socket alike
 * (SCRAM-SHA-256), and no one on trust. The password is generated once and kept in a file only the server's user can
 * read. A data directory made by an earlier version (trust for every local connection) is given the password while
 * it is stopped, before it serves anyone.
 */
final class EmbeddedPostgresAccess {

  private static final Logger log = LoggerFactory.getLogger(EmbeddedPostgresAccess.class);
  static final String USER = "postgres";
  /** Written at every start, so that no trust line, whoever wrote it, survives a restart. */
  static final String HBA = """
      # Written by Tandem at every start of its embedded PostgreSQL: a password (SCRAM-SHA-256) for every connection.
      local   all          all                   scram-sha-256
      host    all          all   127.0.0.1/32    scram-sha-256
      host    all          all   ::1/128         scram-sha-256
      local   replication  all                   scram-sha-256
      host    replication  all   127.0.0.1/32    scram-sha-256
      host    replication  all   ::1/128         scram-sha-256
      """;

  private final Path passwordFile;
  private final String password;
  private final boolean upgrade;
  private final boolean temporary;

  private EmbeddedPostgresAccess(Path passwordFile, String password, boolean upgrade, boolean temporary) {
    this.passwordFile = passwordFile;
    this.password = password;
    this.upgrade = upgrade;
    this.temporary = temporary;
  }

  /**
   * For {@code dataDirectory}, kept across restarts: the password in {@code passwordFile}, made on the first start. A
   * directory that exists without that file was made by an earlier version; it is given the password on this start.
   */
  static EmbeddedPostgresAccess kept(Path passwordFile, Path dataDirectory) throws IOException {
    if (Files.exists(passwordFile)) {
      OwnerOnlyFiles.restrict(passwordFile);
      return new EmbeddedPostgresAccess(passwordFile, Files.readString(passwordFile, StandardCharsets.UTF_8).strip(),
          false, false);
    }
    String password = generated();
    // the library runs initdb where there is no postgresql.conf yet
    if (Files.exists(dataDirectory.resolve("postgresql.conf"))) {
      return new EmbeddedPostgresAccess(passwordFile, password, true, false); // the file is written once it holds
    }
    OwnerOnlyFiles.write(passwordFile, password + "\n");
    return new EmbeddedPostgresAccess(passwordFile, password, false, false);
  }

  /** For a throw-away database: the password lives in memory, and on disk only until initdb has read it. */
  static EmbeddedPostgresAccess temporary() throws IOException {
    Path folder = Files.createTempDirectory("tandem-postgres-",
        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    String password = generated();
    return new EmbeddedPostgresAccess(OwnerOnlyFiles.write(folder.resolve("password"), password + "\n"), password,
        false, true);
  }

  String password() {
    return password;
  }

  /**
   * Before the start: initdb (run only for a new directory) sets the password and SCRAM for every connection, and the
   * library's own readiness check connects with the password.
   */
  void configure(EmbeddedPostgres.Builder builder) {
    // initdb's own options, given after the library's "-A trust", which they override
    builder.setLocaleConfig("auth-local", "scram-sha-256").setLocaleConfig("auth-host", "scram-sha-256")
        .setLocaleConfig("pwfile", passwordFile.toString())
        .setConnectConfig("password", password)
        .setPgBinaryResolver(PostgresBinaries.INSTANCE)
        .setOverrideWorkingDirectory(PostgresBinaries.workingFolder().toFile());
  }

  /**
   * Right before the postmaster starts on the directory (made now, or by an earlier version): the access rules are
   * rewritten, and a directory that has never had the password gets it, while nothing serves it yet.
   */
  void secure(Path dataDirectory) {
    try {
      Files.writeString(dataDirectory.resolve("pg_hba.conf"), HBA, StandardCharsets.US_ASCII);
      if (upgrade) {
        log.warn("Setting a password on the embedded PostgreSQL in {}: it was made by an earlier version that trusted "
            + "every local connection", dataDirectory);
        new SingleUserPostgres(PostgresBinaries.INSTANCE.postgres()).run(dataDirectory,
            "ALTER ROLE " + USER + " WITH PASSWORD '" + password + "'");
        OwnerOnlyFiles.write(passwordFile, password + "\n");
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot secure the embedded PostgreSQL in " + dataDirectory, e);
    }
  }

  /** After the start (or a failed one): a throw-away database's password leaves the disk. */
  void started() throws IOException {
    if (temporary) {
      Files.deleteIfExists(passwordFile);
      Files.deleteIfExists(passwordFile.getParent());
    }
  }

  private static String generated() {
    byte[] bytes = new byte[24];
    new SecureRandom().nextBytes(bytes);
    return HexFormat.of().formatHex(bytes);
  }
}
