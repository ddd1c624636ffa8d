package io.tandem.support;

import static org.awaitility.Awaitility.await;

import jakarta.servlet.Filter;
import jakarta.servlet.http.HttpServletRequest;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.sql.DataSource;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.jdbc.datasource.DelegatingDataSource;

/**
 * The SQL statements each HTTP request runs, counted at the JDBC driver's door: a test configuration ({@code
 * @Import(StatementLog.Configuration.class)}, a context of its own) wraps the server's DataSource, and a filter in
 * front of every other (security included) marks the request's thread. Only statements executed on that thread while
 * it serves the request are logged, so background work (the action worker, mirrors, webhooks) does not count.
 */
public final class StatementLog {

  private static final String TRANSACTION = "-- ";
  private static final ThreadLocal<List<String>> CURRENT = new ThreadLocal<>();
  private static final Map<String, List<String>> BY_REQUEST = new ConcurrentHashMap<>();

  private StatementLog() {}

  /**
   * The statements the last request for {@code pathAndQuery} ran, in order. The filter logs them after the response
   * may have reached the client, so this waits for them (a few seconds at most).
   */
  public static List<String> of(String pathAndQuery) {
    return withTransactions(pathAndQuery).stream().filter(sql -> !sql.startsWith(TRANSACTION)).toList();
  }

  /**
   * As {@link #of}, with the request's transactions shown where they begin and end: {@code -- begin} (auto-commit
   * turned off), {@code -- commit} and {@code -- rollback}.
   */
  public static List<String> withTransactions(String pathAndQuery) {
    await("a request for " + pathAndQuery).atMost(Duration.ofSeconds(5))
        .until(() -> BY_REQUEST.containsKey(pathAndQuery));
    return BY_REQUEST.get(pathAndQuery);
  }

  /** Forgets what earlier requests ran, so that {@link #of} waits for the next one. */
  public static void clear() {
    BY_REQUEST.clear();
  }

  private static void executed(String sql) {
    List<String> statements = CURRENT.get();
    if (statements != null) {
      statements.add(sql);
    }
  }

  @TestConfiguration(proxyBeanMethods = false)
  public static class Configuration {

    @Bean
    static BeanPostProcessor statementLogDataSource() {
      return new BeanPostProcessor() {
        @Override
        public Object postProcessAfterInitialization(Object bean, String name) {
          return bean instanceof DataSource dataSource && !(bean instanceof Logged) ? new Logged(dataSource) : bean;
        }
      };
    }

    @Bean
    FilterRegistrationBean<Filter> statementLogFilter() {
      FilterRegistrationBean<Filter> registration = new FilterRegistrationBean<>((request, response, chain) -> {
        HttpServletRequest http = (HttpServletRequest) request;
        String key = http.getRequestURI() + (http.getQueryString() == null ? "" : "?" + http.getQueryString());
        List<String> statements = new ArrayList<>();
        CURRENT.set(statements);
        try {
          chain.doFilter(request, response);
        } finally {
          CURRENT.remove();
          BY_REQUEST.put(key, List.copyOf(statements));
        }
      });
      registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
      return registration;
    }
  }

  /** The server's DataSource, its connections handing out statements that log what they execute. */
  private static final class Logged extends DelegatingDataSource {

    Logged(DataSource target) {
      super(target);
    }

    @Override
    public Connection getConnection() throws SQLException {
      return connection(super.getConnection());
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
      return connection(super.getConnection(username, password));
    }

    private static Connection connection(Connection target) {
      return proxy(Connection.class, target, (method, result, args) -> switch (method.getName()) {
        case "prepareStatement" -> statement(PreparedStatement.class, result, (String) args[0]);
        case "prepareCall" -> statement(CallableStatement.class, result, (String) args[0]);
        case "createStatement" -> statement(Statement.class, result, null);
        case "commit", "rollback" -> {
          executed(TRANSACTION + method.getName());
          yield result;
        }
        case "setAutoCommit" -> {
          if (Boolean.FALSE.equals(args[0])) {
            executed(TRANSACTION + "begin");
          }
          yield result;
        }
        default -> result;
      });
    }

    private static <T extends Statement> T statement(Class<T> type, Object target, String prepared) {
      return proxy(type, target, (method, result, args) -> {
        if (method.getName().startsWith("execute")) {
          executed(prepared != null ? prepared : args != null && args.length > 0 ? String.valueOf(args[0]) : "batch");
        }
        return result;
      });
    }

    /** What to return for a call, given what the target returned. */
    private interface After {
      Object apply(Method method, Object result, Object[] args);
    }

    private static <T> T proxy(Class<T> type, Object target, After after) {
      InvocationHandler handler = (self, method, args) -> {
        try {
          return after.apply(method, method.invoke(target, args), args);
        } catch (InvocationTargetException e) {
          throw e.getCause();
        }
      };
      return type.cast(Proxy.newProxyInstance(StatementLog.class.getClassLoader(), new Class<?>[] {type}, handler));
    }
  }
}
