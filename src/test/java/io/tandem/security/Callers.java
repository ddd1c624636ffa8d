package io.tandem.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.support.Api;
import java.util.Map;

/** Tokens and roles for the tests that run with anonymous access off, issued by the bootstrap admin. */
final class Callers {

  private final Api api;
  private final String admin;

  Callers(Api api, String admin) {
    this.api = api;
    this.admin = admin;
  }

  static String[] auth(String token) {
    return new String[] {"Authorization", "Bearer " + token};
  }

  /** A new token for {@code subject}, with no role anywhere. */
  String issue(String subject) {
    Api.Response issued = api.post("/api/v1/tokens", Map.of("subject", subject), auth(admin));
    assertThat(issued.status()).as(issued.body()).isEqualTo(201);
    return issued.json().path("secret").asString();
  }

  void grant(String space, String subject, String role, boolean readSecrets) {
    Api.Response granted = api.send("PUT", "/api/v1/spaces/" + space + "/roles/" + subject, "application/json",
        "{\"role\":\"" + role + "\",\"readSecrets\":" + readSecrets + "}", auth(admin));
    assertThat(granted.status()).as(granted.body()).isEqualTo(200);
  }
}
