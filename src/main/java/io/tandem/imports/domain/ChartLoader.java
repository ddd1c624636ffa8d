package io.tandem.imports.domain;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.common.net.OutboundHost;
import io.tandem.imports.ImportsProperties;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Base64;
import java.util.Locale;
import org.springframework.stereotype.Component;

/** The packaged chart a request names: decoded from the request, or fetched from a repository or registry. */
@Component
public class ChartLoader {

  private final ChartFetcher fetcher;
  private final long maxBytes;

  ChartLoader(ChartFetcher fetcher, ImportsProperties settings) {
    this.fetcher = fetcher;
    this.maxBytes = settings.maxChartSize().toBytes();
  }

  /**
   * The packaged chart {@code source} names, with where it came from.
   *
   * @throws TandemException {@code validation-failed} for a chart that is not base64, not gzip, or a reference that is
   *     not one; {@code payload-too-large} for an archive over {@code tandem.imports.max-chart-size}; what the
   *     {@link ChartFetcher} throws
   */
  public LoadedChart load(ChartSource source) {
    if (source instanceof ChartSource.Archive archive) {
      return new LoadedChart(decode(archive.base64()), ChartOrigin.archive());
    }
    return source instanceof ChartSource.Repository repository ? fromRepository(repository)
        : fromRegistry((ChartSource.Oci) source);
  }

  private byte[] decode(String base64) {
    String compact = base64.replaceAll("\\s+", "");
    if (compact.length() > (maxBytes + 2) / 3 * 4) {
      throw tooLarge("Field 'chart'");
    }
    byte[] archive;
    try {
      archive = Base64.getDecoder().decode(compact);
    } catch (IllegalArgumentException e) {
      throw TandemException.validation("Field 'chart' is neither an oci:// reference nor a packaged chart in base64: "
          + e.getMessage() + ".");
    }
    if (archive.length < 2 || (archive[0] & 0xff) != 0x1f || (archive[1] & 0xff) != 0x8b) {
      throw TandemException.validation("Field 'chart' is not a packaged chart: a .tgz (gzip) archive was expected.");
    }
    return archive;
  }

  private LoadedChart fromRepository(ChartSource.Repository repository) {
    String url = repository.url() == null ? "" : repository.url().strip();
    if (url.isEmpty() || repository.name() == null || repository.name().isBlank()) {
      throw TandemException.validation("Field 'chart' needs 'repo' (the chart repository's URL) and 'name'.");
    }
    try {
      URI uri = new URI(url);
      String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
      if (!scheme.equals("https") && !scheme.equals("http")) {
        throw TandemException.validation("Field 'chart.repo' must be an http or https URL, not '" + url + "'.");
      }
      OutboundHost.of("chart.repo", uri);
    } catch (URISyntaxException e) {
      throw TandemException.validation("Field 'chart.repo' is not a URL: " + e.getMessage() + ".");
    }
    if (!repository.name().matches("[A-Za-z0-9][A-Za-z0-9_.-]*")) {
      throw TandemException.validation("Field 'chart.name' is not a chart name: '" + repository.name() + "'.");
    }
    String base = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    ChartSource.Repository normalized = new ChartSource.Repository(base, repository.name(),
        repository.version() == null || repository.version().isBlank() ? null : repository.version().strip());
    ChartFetcher.Fetched fetched = fetcher.fetch(normalized);
    return new LoadedChart(bounded(fetched.archive()), new ChartOrigin(ChartOrigin.Source.repository, base, repository.name()));
  }

  private LoadedChart fromRegistry(ChartSource.Oci oci) {
    OciReference reference = OciReference.parse(oci.reference()).orElseThrow(() -> TandemException.validation(
        "Field 'chart' is not an OCI reference (oci://host/path/name:version): '" + oci.reference() + "'."));
    ChartFetcher.Fetched fetched = fetcher.fetch(new ChartSource.Oci(oci.reference().strip()));
    return new LoadedChart(bounded(fetched.archive()), new ChartOrigin(ChartOrigin.Source.oci, reference.location(), null));
  }

  private byte[] bounded(byte[] archive) {
    if (archive.length > maxBytes) {
      throw tooLarge("The chart");
    }
    return archive;
  }

  private TandemException tooLarge(String what) {
    return new TandemException(ProblemCode.PAYLOAD_TOO_LARGE,
        what + " is larger than the " + maxBytes / 1024 + " KiB a packaged chart may be (tandem.imports.max-chart-size).");
  }
}
