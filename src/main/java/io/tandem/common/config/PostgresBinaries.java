package io.tandem.common.config;

import io.zonky.test.db.postgres.embedded.DefaultPostgresBinaryResolver;
import io.zonky.test.db.postgres.embedded.PgBinaryResolver;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The library's own PostgreSQL binaries, remembering where it unpacks them: into {@code PG-<MD5 of the archive>} under
 * its working folder, named by the bytes it reads from here. Upgrading a data directory made by an earlier version
 * needs the {@code postgres} binary before the library starts the server (see {@link SingleUserPostgres}).
 */
final class PostgresBinaries implements PgBinaryResolver {

  /** One instance: the library unpacks once per resolver and JVM, and this one has seen the archive by then. */
  static final PostgresBinaries INSTANCE = new PostgresBinaries();

  private volatile String archiveDigest;

  private PostgresBinaries() {}

  /** The library's default working folder (it is given to it explicitly, so both agree). */
  static Path workingFolder() {
    return Path.of(System.getProperty("ot.epg.working-dir",
        Path.of(System.getProperty("java.io.tmpdir"), "embedded-pg").toString()));
  }

  @Override
  public InputStream getPgBinary(String system, String architecture) throws IOException {
    InputStream archive = DefaultPostgresBinaryResolver.INSTANCE.getPgBinary(system, architecture);
    MessageDigest md5 = md5();
    return new DigestInputStream(archive, md5) {
      private boolean closed;

      // closed more than once by the library: a second digest would be that of nothing
      @Override
      public void close() throws IOException {
        super.close();
        if (!closed) {
          closed = true;
          archiveDigest = HexFormat.of().formatHex(md5.digest());
        }
      }
    };
  }

  /** The {@code postgres} binary the library unpacked; only known once it has read the archive. */
  Path postgres() {
    String known = archiveDigest;
    if (known == null) {
      throw new IllegalStateException("The embedded PostgreSQL's binaries have not been unpacked yet");
    }
    return workingFolder().resolve("PG-" + known).resolve("bin").resolve("postgres");
  }

  private static MessageDigest md5() {
    try {
      return MessageDigest.getInstance("MD5");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
