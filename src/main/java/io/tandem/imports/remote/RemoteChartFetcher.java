package io.tandem.imports.remote;

import io.tandem.common.error.TandemException;
import io.tandem.common.net.OutboundPolicy;
import io.tandem.imports.ImportsProperties;
import io.tandem.imports.domain.ChartFetcher;
import io.tandem.imports.domain.ChartSource;
import io.tandem.imports.domain.OciReference;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

@Component
class RemoteChartFetcher implements ChartFetcher {

  private final HttpChartRepository repositories;
  private final OciRegistry registries;

  RemoteChartFetcher(OutboundPolicy outbound, ImportsProperties settings, JsonMapper json) {
    RemoteHttp http = new RemoteHttp(outbound, settings.fetchTimeout());
    long maxChartBytes = settings.maxChartSize().toBytes();
    this.repositories = new HttpChartRepository(http, maxChartBytes);
    this.registries = new OciRegistry(http, json, maxChartBytes, "https");
  }

  @Override
  public Fetched fetch(ChartSource.Repository repository) {
    return repositories.fetch(repository);
  }

  @Override
  public Fetched fetch(ChartSource.Oci reference) {
    return registries.fetch(OciReference.parse(reference.reference())
        .orElseThrow(() -> TandemException.validation("Not an OCI reference: '" + reference.reference() + "'.")));
  }
}
