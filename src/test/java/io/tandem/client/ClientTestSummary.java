package io.tandem.client;

import io.tandem.support.TaggedTestSummary;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestIdentifier;

/** Which languages' client tests ran, and why the others were skipped ({@code target/clients-summary.txt}). */
public class ClientTestSummary extends TaggedTestSummary {

  public ClientTestSummary() {
    super(PolyglotClientsIT.TAG, "Client tests", "against the test server");
  }

  @Override
  protected String summary(List<TestIdentifier> ran, Map<TestIdentifier, String> skipped) {
    String summary = "Client tests: " + (ran.isEmpty() ? "none" : languages(ran)) + " ran";
    if (!skipped.isEmpty()) {
      summary += "; skipped: " + String.join("; ", skipped.values());
    }
    return summary;
  }

  private static String languages(List<TestIdentifier> tests) {
    return tests.stream().map(ClientTestSummary::language).collect(Collectors.joining(", "));
  }

  private static String language(TestIdentifier test) {
    return test.getSource()
        .filter(MethodSource.class::isInstance)
        .map(source -> ((MethodSource) source).getJavaMethod().getAnnotation(PolyglotClientsIT.Client.class))
        .map(client -> client.value().id())
        .orElse(test.getDisplayName());
  }
}
