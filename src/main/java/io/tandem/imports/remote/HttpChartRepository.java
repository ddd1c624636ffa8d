package io.tandem.imports.remote;

import io.tandem.common.error.TandemException;
import io.tandem.common.hash.ContentHash;
import io.tandem.imports.domain.ChartFetcher.Fetched;
import io.tandem.imports.domain.ChartSource;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * A chart from an HTTP chart repository: its {@code index.yaml} names each version's archive (a URL, maybe relative to
 * the repository) and, usually, its SHA-256, which the archive must match.
 */
final class HttpChartRepository {

  /** A repository's index may be large (every version of every chart); this is where reading it stops. */
  static final long MAX_INDEX_BYTES = 32L * 1024 * 1024;

  private final RemoteHttp http;
  private final long maxChartBytes;

  HttpChartRepository(RemoteHttp http, long maxChartBytes) {
    this.http = http;
    this.maxChartBytes = maxChartBytes;
  }

  Fetched fetch(ChartSource.Repository repository) {
    String base = repository.url();
    URI index = URI.create(base + "/index.yaml");
    RemoteHttp.Response answer = http.get("chart.repo", index, Map.of(), MAX_INDEX_BYTES);
    if (answer.status() == 404) {
      throw TandemException.validation("No chart repository at " + base + ": it has no index.yaml.");
    }
    if (answer.status() != 200) {
      throw RemoteHttp.failed(index, "it answers " + answer.status());
    }
    List<Map<?, ?>> entries = entries(parse(answer.body(), base), repository.name(), base);
    Map<?, ?> entry = pick(entries, repository, base);
    String version = String.valueOf(entry.get("version"));
    if (!(entry.get("urls") instanceof List<?> urls) || urls.isEmpty() || !(urls.get(0) instanceof String first)) {
      throw RemoteHttp.failed(index, "its entry for " + repository.name() + " " + version + " has no URL");
    }
    URI archive = URI.create(base + "/").resolve(first);
    RemoteHttp.Response download = http.get("chart.repo", archive, Map.of(), maxChartBytes);
    if (download.status() != 200) {
      throw RemoteHttp.failed(archive, "it answers " + download.status());
    }
    if (entry.get("digest") instanceof String digest && !digest.isBlank()
        && !digest.strip().equalsIgnoreCase(ContentHash.sha256Hex(download.body()))) {
      throw RemoteHttp.failed(archive, "the archive's SHA-256 is not the digest the repository's index gives");
    }
    return new Fetched(download.body(), version);
  }

  private static Map<?, ?> parse(byte[] body, String base) {
    LoaderOptions options = new LoaderOptions();
    options.setMaxAliasesForCollections(50);
    options.setCodePointLimit((int) MAX_INDEX_BYTES + 1);
    try {
      if (new Yaml(new SafeConstructor(options)).load(new String(body, StandardCharsets.UTF_8)) instanceof Map<?, ?> map) {
        return map;
      }
    } catch (YAMLException e) {
      // said below
    }
    throw RemoteHttp.failed(URI.create(base + "/index.yaml"), "it is not a chart repository's index");
  }

  private static List<Map<?, ?>> entries(Map<?, ?> index, String name, String base) {
    if (index.get("entries") instanceof Map<?, ?> entries && entries.get(name) instanceof List<?> list && !list.isEmpty()) {
      return list.stream().filter(Map.class::isInstance).<Map<?, ?>>map(Map.class::cast).toList();
    }
    throw TandemException.validation("The chart repository " + base + " has no chart '" + name + "'.");
  }

  private static Map<?, ?> pick(List<Map<?, ?>> entries, ChartSource.Repository repository, String base) {
    // only SemVer texts of the index are ever repeated: the rest of a remote's answer is not (common.net.RemoteFailures)
    List<String> versions = entries.stream().map(entry -> entry.get("version")).filter(Objects::nonNull)
        .map(String::valueOf).filter(ChartVersions::isVersion).toList();
    String wanted = repository.version() != null ? repository.version() : ChartVersions.newest(versions).orElseThrow(
        () -> TandemException.validation("The chart repository " + base + " has no release of '" + repository.name()
            + "', only pre-releases; name the version."));
    return entries.stream()
        .filter(entry -> wanted.equals(String.valueOf(entry.get("version")))
            || ("v" + wanted).equals(String.valueOf(entry.get("version"))))
        .findFirst()
        .orElseThrow(() -> TandemException.validation("The chart repository " + base + " has no version " + wanted
            + " of '" + repository.name() + "'; it has " + String.join(", ", versions.stream().limit(10).toList())
            + (versions.size() > 10 ? ", …" : "") + "."));
  }
}
