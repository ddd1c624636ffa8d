package io.tandem.imports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tandem.support.Api;
import io.tandem.support.GitRepos;
import io.tandem.support.TandemIT;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * A Git host's push webhook, signed as GitHub, Gitea and GitLab sign theirs: the pushed commit reaches the units kept
 * in step with that branch at once (the poll interval here is a minute); a push not signed with the shared secret is
 * refused and changes nothing; a ping takes nothing.
 */
@TandemIT
class GitOriginWebhookIT {

  static final String SECRET = "it-webhook-secret";
  static final String CONFIG = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: flags\ndata:\n  beta: \"off\"\n";

  @LocalServerPort int port;

  @Test
  void aSignedPushReachesItsUnitsAtOnceAndAnUnsignedOneIsRefused() throws Exception {
    Api api = new Api(port);
    String space = Api.uniqueSlug("pushed");
    api.post("/api/v1/spaces", Map.of("slug", space));
    String url = GitRepos.withFiles("pushed", Map.of("flags.yaml", CONFIG));
    assertThat(api.post("/api/v1/spaces/" + space + "/imports", Map.of("url", url, "ref", "main", "watch", true))
        .status()).isEqualTo(200);
    String unit = "/api/v1/spaces/" + space + "/units/flags";
    GitRepos.commit(url, "main", Map.of("flags.yaml", CONFIG.replace("off", "on")), "Beta on", "frank");
    // as GitHub sends it: the repository by its clone URL, with a trailing slash, and the branch pushed
    String push = Api.JSON.writeValueAsString(Map.of("ref", "refs/heads/main",
        "repository", Map.of("clone_url", url + "/", "default_branch", "main")));

    Api.Response unsigned = api.send("POST", "/api/v1/origins/webhook", "application/json", push);
    assertThat(unsigned.status()).isEqualTo(401);
    Api.Response forged = api.send("POST", "/api/v1/origins/webhook", "application/json", push,
        "X-Hub-Signature-256", "sha256=" + hmac("another-secret", push));
    assertThat(forged.status()).isEqualTo(401);
    assertThat(forged.code()).isEqualTo("unauthorized");
    Api.Response ping = api.send("POST", "/api/v1/origins/webhook", "application/json", "{\"zen\":\"Keep it simple\"}",
        "X-GitHub-Event", "ping", "X-Hub-Signature-256", "sha256=" + hmac(SECRET, "{\"zen\":\"Keep it simple\"}"));
    assertThat(ping.status()).isEqualTo(202);
    assertThat(ping.json().path("units").asInt()).isZero();
    assertThat(api.get(unit).json().path("headRevisionNum").asInt()).isEqualTo(1);

    Api.Response signed = api.send("POST", "/api/v1/origins/webhook", "application/json", push,
        "X-GitHub-Event", "push", "X-Hub-Signature-256", "sha256=" + hmac(SECRET, push));
    assertThat(signed.status()).as(signed.body()).isEqualTo(202);
    assertThat(signed.json().path("units").asInt()).isEqualTo(1);
    await("the push taken").atMost(Duration.ofSeconds(4)).pollInterval(Duration.ofMillis(100))
        .until(() -> api.get(unit).json().path("headRevisionNum").asInt() == 2);
    assertThat(api.get(unit + "/data").body()).contains("beta: \"on\"");

    // GitLab's and Gitea's ways of signing, for the next commit
    GitRepos.commit(url, "main", Map.of("flags.yaml", CONFIG.replace("off", "later")), "Beta later", "frank");
    String gitlab = Api.JSON.writeValueAsString(Map.of("ref", "refs/heads/main",
        "project", Map.of("git_http_url", url, "default_branch", "main")));
    Api.Response wrongToken = api.send("POST", "/api/v1/origins/webhook", "application/json", gitlab,
        "X-Gitlab-Token", "guess");
    assertThat(wrongToken.status()).isEqualTo(401);
    assertThat(api.send("POST", "/api/v1/origins/webhook", "application/json", gitlab, "X-Gitlab-Token", SECRET)
        .json().path("units").asInt()).isEqualTo(1);
    await("the GitLab push taken").atMost(Duration.ofSeconds(4)).pollInterval(Duration.ofMillis(100))
        .until(() -> api.get(unit).json().path("headRevisionNum").asInt() == 3);
    assertThat(api.send("POST", "/api/v1/origins/webhook", "application/json", push,
        "X-Gitea-Signature", hmac(SECRET, push)).json().path("units").asInt()).isEqualTo(1);
  }

  private static String hmac(String secret, String body) throws Exception {
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
    return HexFormat.of().formatHex(mac.doFinal(body.getBytes(StandardCharsets.UTF_8)));
  }
}
