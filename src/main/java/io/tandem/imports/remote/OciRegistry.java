package io.tandem.imports.remote;

import io.tandem.common.error.TandemException;
import io.tandem.common.hash.ContentHash;
import io.tandem.imports.domain.ChartFetcher.Fetched;
import io.tandem.imports.domain.OciReference;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A chart from an OCI registry, anonymously, as Helm pushes charts: the manifest of the tag (the chart's version, with
 * {@code _} for {@code +}) or digest names the chart's layer, which is fetched and checked against its digest. A
 * registry that asks for a token (401 with {@code WWW-Authenticate: Bearer}) gets an anonymous one from its realm.
 */
final class OciRegistry {

  static final String CHART_LAYER = "application/vnd.cncf.helm.chart.content.v1.tar+gzip";
  private static final String MANIFEST = "application/vnd.oci.image.manifest.v1+json";
  private static final Pattern CHALLENGE = Pattern.compile("(\\w+)=\"([^\"]*)\"");

  private final RemoteHttp http;
  private final JsonMapper json;
  private final long maxChartBytes;
  /** https, but http where a test's registry listens. */
  private final String scheme;

  OciRegistry(RemoteHttp http, JsonMapper json, long maxChartBytes, String scheme) {
    this.http = http;
    this.json = json;
    this.maxChartBytes = maxChartBytes;
    this.scheme = scheme;
  }

  Fetched fetch(OciReference reference) {
    Session session = new Session(reference);
    String tag = reference.tag();
    if (tag == null && reference.digest() == null) {
      List<String> versions = new ArrayList<>();
      session.json("/tags/list", Map.of()).path("tags").forEach(node -> versions.add(node.asString().replace('_', '+')));
      tag = ChartVersions.newest(versions).orElseThrow(() -> TandemException.validation(
          "The registry has no release of " + reference.location() + ", only pre-releases or none; name the version."))
          .replace('+', '_');
    }
    String manifestRef = reference.digest() != null ? reference.digest() : tag;
    JsonNode manifest = session.json("/manifests/" + manifestRef, Map.of("Accept", MANIFEST));
    JsonNode layer = null;
    for (JsonNode candidate : manifest.path("layers")) {
      if (CHART_LAYER.equals(candidate.path("mediaType").asString())) {
        layer = candidate;
      }
    }
    if (layer == null) {
      throw TandemException.validation(reference.location() + ":" + manifestRef + " is not a Helm chart (no layer "
          + CHART_LAYER + ").");
    }
    String digest = layer.path("digest").asString();
    byte[] archive = session.bytes("/blobs/" + digest, maxChartBytes);
    if (!digest.equalsIgnoreCase("sha256:" + ContentHash.sha256Hex(archive))) {
      throw RemoteHttp.failed(session.url("/blobs/" + digest), "the chart's layer does not match its digest");
    }
    return new Fetched(archive, tag == null ? manifestRef : tag.replace('_', '+'));
  }

  /** The calls of one fetch, sharing the token a registry gave. */
  private final class Session {

    private final OciReference reference;
    private final Map<String, String> headers = new HashMap<>();

    Session(OciReference reference) {
      this.reference = reference;
    }

    URI url(String suffix) {
      return URI.create(scheme + "://" + reference.host() + "/v2/" + reference.repository() + suffix);
    }

    JsonNode json(String suffix, Map<String, String> accept) {
      byte[] body = bytes(suffix, accept, 4L * 1024 * 1024);
      try {
        return json.readTree(body);
      } catch (RuntimeException e) {
        throw RemoteHttp.failed(url(suffix), "it does not answer with JSON");
      }
    }

    byte[] bytes(String suffix, long maxBytes) {
      return bytes(suffix, Map.of(), maxBytes);
    }

    private byte[] bytes(String suffix, Map<String, String> extra, long maxBytes) {
      URI uri = url(suffix);
      Map<String, String> all = new LinkedHashMap<>(headers);
      all.putAll(extra);
      RemoteHttp.Response answer = http.get("chart", uri, all, maxBytes);
      if (answer.status() == 401 && !headers.containsKey("Authorization")) {
        headers.put("Authorization", "Bearer " + token(uri, answer.header("WWW-Authenticate").orElse("")));
        all.putAll(headers);
        answer = http.get("chart", uri, all, maxBytes);
      }
      if (answer.status() == 404) {
        throw TandemException.validation("The registry has no " + reference.location() + (suffix.startsWith("/manifests/")
            ? ":" + suffix.substring("/manifests/".length()) : "") + ".");
      }
      if (answer.status() != 200) {
        throw RemoteHttp.failed(uri, "it answers " + answer.status());
      }
      return answer.body();
    }

    /** An anonymous token from the realm the challenge names. */
    private String token(URI uri, String challenge) {
      if (!challenge.regionMatches(true, 0, "Bearer ", 0, 7)) {
        throw RemoteHttp.failed(uri, "it asks for credentials, and only public charts can be imported");
      }
      Map<String, String> parameters = new HashMap<>();
      Matcher matcher = CHALLENGE.matcher(challenge);
      while (matcher.find()) {
        parameters.put(matcher.group(1).toLowerCase(java.util.Locale.ROOT), matcher.group(2));
      }
      String realm = parameters.get("realm");
      if (realm == null) {
        throw RemoteHttp.failed(uri, "its challenge names no realm");
      }
      StringBuilder query = new StringBuilder();
      for (String key : List.of("service", "scope")) {
        if (parameters.containsKey(key)) {
          query.append(query.length() == 0 ? "?" : "&").append(key).append('=')
              .append(URLEncoder.encode(parameters.get(key), StandardCharsets.UTF_8));
        }
      }
      URI tokenUri = URI.create(realm + query);
      RemoteHttp.Response answer = http.get("chart", tokenUri, Map.of(), 64 * 1024);
      if (answer.status() != 200) {
        throw RemoteHttp.failed(uri, "its token service answers " + answer.status() + " (only public charts can be imported)");
      }
      String value;
      try {
        JsonNode token = json.readTree(answer.body());
        value = token.path("token").asString(token.path("access_token").asString(""));
      } catch (RuntimeException e) {
        value = "";
      }
      if (value.isEmpty()) {
        throw RemoteHttp.failed(uri, "its token service gives no token");
      }
      return value;
    }
  }
}
