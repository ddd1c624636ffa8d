package io.tandem.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Test data from src/test/resources. */
public final class Fixtures {

  private Fixtures() {}

  /** A Deployment (container "server", limits 200m/128Mi) and a Service, with comments. */
  public static String paymentService() {
    return read("units/paymentservice.yaml");
  }

  public static String read(String path) {
    try (InputStream in = Fixtures.class.getClassLoader().getResourceAsStream(path)) {
      if (in == null) {
        throw new IllegalArgumentException("No test resource " + path);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
