package io.tandem.support;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.postgresql.PostgreSQLContainer;

/**
 * Chooses the PostgreSQL the integration tests run against:
 *
 * <ul>
 *   <li>by default, a fresh embedded PostgreSQL that the server starts itself (no {@code spring.datasource.url});
 *   <li>{@code SPRING_DATASOURCE_URL} (with {@code _USERNAME}/{@code _PASSWORD}) in the environment: that database;
 *   <li>{@code -Dtandem.test.database=testcontainers}: a PostgreSQL container, when a Docker engine is available; the
 *       tests are skipped, not failed, where there is none.
 * </ul>
 */
public class TestDatabase implements ExecutionCondition, BeforeAllCallback {

  public static final String MODE_PROPERTY = "tandem.test.database";
  private static final String IMAGE = "postgres:17-alpine";

  private static PostgreSQLContainer container;

  private static boolean testcontainers() {
    return "testcontainers".equals(System.getProperty(MODE_PROPERTY));
  }

  @Override
  public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
    if (testcontainers() && !DockerClientFactory.instance().isDockerAvailable()) {
      return ConditionEvaluationResult.disabled("-D" + MODE_PROPERTY + "=testcontainers needs a Docker engine");
    }
    return ConditionEvaluationResult.enabled("database available");
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    if (testcontainers()) {
      startContainerOnce();
    }
  }

  private static synchronized void startContainerOnce() {
    if (container != null) {
      return;
    }
    container = new PostgreSQLContainer(IMAGE);
    container.start();
    // System properties reach the Spring environment, so the server connects here instead of embedding a database.
    System.setProperty("spring.datasource.url", container.getJdbcUrl());
    System.setProperty("spring.datasource.username", container.getUsername());
    System.setProperty("spring.datasource.password", container.getPassword());
  }
}
