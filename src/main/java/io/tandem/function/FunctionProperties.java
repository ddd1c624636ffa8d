package io.tandem.function;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Function invocations ({@code tandem.functions.*}).
 *
 * @param parallelUnits how many units of one invocation are changed at once: the request's own thread, and helpers
 *     from a pool of one thread fewer that all invocations share. Each unit is still written on its own (one
 *     statement), holding a database connection while it writes; 1 changes them one after another
 */
@ConfigurationProperties("tandem.functions")
public record FunctionProperties(@DefaultValue("4") int parallelUnits) {

  public FunctionProperties {
    if (parallelUnits < 1) {
      throw new IllegalArgumentException("tandem.functions.parallel-units must be at least 1, not " + parallelUnits);
    }
  }
}
