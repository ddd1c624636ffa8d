package io.tandem.imports.api;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.imports.ImportsProperties;
import io.tandem.imports.domain.GitOrigins;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Push webhooks of Git hosts: the signature checked against the shared secret, the push read from the payload. */
@RestController
class OriginWebhookController implements OriginWebhookApi {

  private final GitOrigins origins;
  private final JsonMapper json;
  private final byte[] secret;

  OriginWebhookController(GitOrigins origins, JsonMapper json, ImportsProperties settings) {
    this.origins = origins;
    this.json = json;
    this.secret = settings.originWebhookSecret() == null || settings.originWebhookSecret().isEmpty() ? null
        : settings.originWebhookSecret().getBytes(StandardCharsets.UTF_8);
  }

  @Override
  public ResponseEntity<PushResponse> pushToOrigins(byte[] body, String hubSignature, String giteaSignature,
      String gitlabToken, String githubEvent) {
    if (secret == null) {
      throw TandemException.notFound("The origin webhook is off: set tandem.imports.origin-webhook-secret.");
    }
    if (!signed(body == null ? new byte[0] : body, hubSignature, giteaSignature, gitlabToken)) {
      throw new TandemException(ProblemCode.UNAUTHORIZED, "The push is not signed with the shared secret"
          + " (X-Hub-Signature-256, X-Gitea-Signature or X-Gitlab-Token).");
    }
    JsonNode push;
    try {
      push = json.readTree(body);
    } catch (JacksonException e) {
      throw TandemException.validation("The body is not JSON.");
    }
    String ref = push.path("ref").isString() ? push.path("ref").asString() : null;
    if ((githubEvent != null && !githubEvent.equals("push")) || ref == null) {
      return ResponseEntity.status(HttpStatus.ACCEPTED).body(new PushResponse(0)); // a ping, or not a push
    }
    List<String> urls = new ArrayList<>();
    for (JsonNode repository : List.of(push.path("repository"), push.path("project"))) {
      for (String field : List.of("clone_url", "html_url", "ssh_url", "git_url", "url", "git_http_url",
          "git_ssh_url", "web_url", "homepage")) {
        if (repository.path(field).isString()) {
          urls.add(repository.path(field).asString());
        }
      }
    }
    String defaultBranch = push.path("repository").path("default_branch").isString()
        ? push.path("repository").path("default_branch").asString()
        : push.path("project").path("default_branch").asString(null);
    int units = urls.isEmpty() ? 0 : origins.pushed(urls, ref, defaultBranch);
    return ResponseEntity.status(HttpStatus.ACCEPTED).body(new PushResponse(units));
  }

  private boolean signed(byte[] body, String hubSignature, String giteaSignature, String gitlabToken) {
    if (gitlabToken != null) {
      return MessageDigest.isEqual(secret, gitlabToken.getBytes(StandardCharsets.UTF_8));
    }
    String hex = hubSignature != null && hubSignature.startsWith("sha256=") ? hubSignature.substring(7)
        : giteaSignature;
    if (hex == null) {
      return false;
    }
    return MessageDigest.isEqual(hmac(body).getBytes(StandardCharsets.US_ASCII),
        hex.strip().toLowerCase(Locale.ROOT).getBytes(StandardCharsets.US_ASCII));
  }

  private String hmac(byte[] body) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(secret, "HmacSHA256"));
      return HexFormat.of().formatHex(mac.doFinal(body));
    } catch (NoSuchAlgorithmException | InvalidKeyException e) {
      throw new IllegalStateException("HMAC-SHA256 is not available", e);
    }
  }
}
