package io.tandem.common.config;

import java.nio.file.Path;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Tandem's own settings ({@code tandem.*}).
 *
 * @param dataDir where a local run keeps its state (also {@code TANDEM_DATA_DIR}); the embedded PostgreSQL lives in
 *     {@code <data-dir>/postgres}
 * @param maxUnitDataSize the largest unit data accepted; larger gets {@code 413 payload-too-large}
 * @param embeddedPostgres the database started when no {@code spring.datasource.url} is configured
 */
@ConfigurationProperties("tandem")
public record TandemProperties(
    @DefaultValue("./.tandem") Path dataDir,
    @DefaultValue("4MB") DataSize maxUnitDataSize,
    @DefaultValue EmbeddedPostgres embeddedPostgres) {

  /**
   * The embedded PostgreSQL ({@code tandem.embedded-postgres.*}).
   *
   * @param persistent keep the data in {@code <data-dir>/postgres} across restarts; when false (tests) a fresh
   *     temporary database is created and removed at shutdown
   * @param port the port to listen on; 0 picks a free one
   * @param durable every acknowledged write is on disk (fsync, synchronous_commit and full_page_writes on); false
   *     trades that for speed and may lose recent acknowledged writes in a crash, for throw-away databases only
   * @param staleStopTimeout how long a start waits for a postmaster left running on the data directory by a server
   *     that died (kill -9) to shut down before giving up
   */
  public record EmbeddedPostgres(
      @DefaultValue("true") boolean persistent,
      @DefaultValue("0") int port,
      @DefaultValue("true") boolean durable,
      @DefaultValue("30s") Duration staleStopTimeout) {}
}
