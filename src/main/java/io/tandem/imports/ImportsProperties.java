package io.tandem.imports;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Imports of Helm charts and Kustomize folders ({@code tandem.imports.*}).
 *
 * @param maxChartSize the largest packaged chart (.tgz) accepted, sent or fetched; Helm itself refuses a chart that
 *     unpacks to more than 100 MiB, or a file of it to more than 5 MiB
 * @param renderTimeout how long rendering one chart or Kustomize folder may take
 * @param fetchTimeout how long fetching a chart from an HTTP chart repository or an OCI registry may take, per request
 * @param kubectl the kubectl binary that renders Kustomize folders of Git imports ({@code kubectl kustomize}); unset,
 *     such folders are reported as skipped
 * @param originPollInterval how often a unit's Git origin is asked for a new commit; 0: only when a sync is asked for
 * @param originWebhookSecret what Git hosts sign pushes to {@code /api/v1/origins/webhook} with; unset: off
 */
@ConfigurationProperties("tandem.imports")
public record ImportsProperties(
    @DefaultValue("1MB") DataSize maxChartSize,
    @DefaultValue("30s") Duration renderTimeout,
    @DefaultValue("30s") Duration fetchTimeout,
    String kubectl,
    @DefaultValue("1m") Duration originPollInterval,
    String originWebhookSecret) {

  @Override
  public String toString() {
    return "ImportsProperties[maxChartSize=" + maxChartSize + ", renderTimeout=" + renderTimeout + ", fetchTimeout="
        + fetchTimeout + ", kubectl=" + kubectl + ", originPollInterval=" + originPollInterval
        + ", originWebhookSecret=" + (originWebhookSecret == null ? "unset" : "redacted") + "]";
  }
}
