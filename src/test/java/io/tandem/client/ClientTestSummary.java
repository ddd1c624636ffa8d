package io.tandem.client;

import io.tandem.support.TaggedTestSummary;
import java.util.Collection;
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

  /** "Client tests: go, typescript ran; python skipped", then why each was skipped, one line each. */
  @Override
  protected String summary(List<TestIdentifier> ran, Map<TestIdentifier, String> skipped) {
    StringBuilder summary = new StringBuilder("Client tests: ");
    summary.append(ran.isEmpty() ? "none" : languages(ran)).append(" ran");
    if (!skipped.isEmpty()) {
      summary.append("; ").append(languages(skipped.keySet())).append(" skipped");
      skipped.values().forEach(why -> summary.append("\n  ").append(why));
    }
    return summary.toString();
  }

  private static String languages(Collection<TestIdentifier> tests) {
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
