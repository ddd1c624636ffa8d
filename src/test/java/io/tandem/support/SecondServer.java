package io.tandem.support;

import com.zaxxer.hikari.HikariDataSource;
import io.tandem.TandemApplication;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A second server in the test's JVM on the test server's database, as another replica behind the same Service: its
 * own data folder, no sandbox, one worker thread, no watches nor drift detection. A test class starts it once, keeps it
 * in a static field and closes it after its tests.
 */
public final class SecondServer {

  private SecondServer() {}

  /** Started on a free port; {@code settings} ({@code --name=value}) add to the above, and must not repeat them. */
  public static ConfigurableApplicationContext start(DataSource dataSource, String dataDir, String... settings) {
    HikariDataSource database;
    try {
      database = dataSource.unwrap(HikariDataSource.class);
    } catch (SQLException e) {
      throw new IllegalStateException("The test server's data source is not Hikari's", e);
    }
    List<String> arguments = new ArrayList<>(List.of("--server.port=0", "--spring.datasource.url=" + database.getJdbcUrl(),
        "--spring.datasource.username=" + database.getUsername(),
        "--spring.datasource.password=" + database.getPassword(), "--tandem.sandbox.enabled=false",
        "--tandem.data-dir=" + dataDir, "--tandem.worker.threads=1", "--tandem.live.watch-enabled=false",
        "--tandem.live.detection-enabled=false"));
    arguments.addAll(List.of(settings));
    return new SpringApplicationBuilder(TandemApplication.class).run(arguments.toArray(String[]::new));
  }

  public static int port(ConfigurableApplicationContext server) {
    return ((WebServerApplicationContext) server).getWebServer().getPort();
  }
}
