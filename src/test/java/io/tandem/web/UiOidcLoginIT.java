package io.tandem.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.support.Api;
import io.tandem.support.TandemIT;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Sign-in to the web UI with the organisation's identity provider (authorization code): the ID token's subject and
 * admin group decide as a bearer JWT's do for the API, and the session holds the caller, not the provider's tokens.
 */
@TandemIT
class UiOidcLoginIT {

  static final FakeIdentityProvider IDP = new FakeIdentityProvider();

  @DynamicPropertySource
  static void identityProvider(DynamicPropertyRegistry registry) {
    registry.add("tandem.security.oidc.issuer-uri", IDP::issuer);
    registry.add("tandem.security.oidc.client-id", () -> FakeIdentityProvider.CLIENT);
    registry.add("tandem.security.oidc.client-secret", () -> "not-a-real-secret");
    registry.add("tandem.security.oidc.admin-group", () -> "platform-admins");
    registry.add("tandem.data-dir", () -> "target/it-data-oidc");
  }

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;
  Api api;
  String space;

  @BeforeEach
  void setUp() {
    api = new Api(port);
    space = Api.uniqueSlug("oidc");
    assertThat(api.post("/api/v1/spaces", Map.of("slug", space)).status()).isEqualTo(201);
  }

  /** Follows the sign-in through the provider and back; the session's last answer. */
  UiSession.Page signInThroughTheProvider(UiSession session) {
    assertThat(session.get("/ui/sign-in").body()).contains("id=\"sign-in-oidc\"");
    UiSession.Page toProvider = session.get("/ui/oauth2/authorization/oidc");
    assertThat(toProvider.status()).isEqualTo(302);
    assertThat(toProvider.location()).startsWith(IDP.issuer() + "/authorize");
    UiSession.Page back = session.getAbsolute(toProvider.location());
    assertThat(back.location()).contains("/ui/oauth2/code/oidc?code=");
    return session.get(URI.create(back.location()).getRawPath() + "?" + URI.create(back.location()).getRawQuery());
  }

  @Test
  void aPersonSignsInWithTheProviderAndGetsTheRolesOfTheirSubject() {
    String dora = "dora-" + space;
    IDP.nextUser(dora, List.of("developers"));
    assertThat(api.send("PUT", "/api/v1/spaces/" + space + "/roles/" + dora, "application/json",
        "{\"role\":\"viewer\"}").status()).isEqualTo(200);
    UiSession session = new UiSession(port);

    UiSession.Page signedIn = signInThroughTheProvider(session);

    assertThat(signedIn.status()).isEqualTo(302);
    assertThat(signedIn.location()).endsWith("/ui");
    assertThat(session.get("/ui").body()).contains(dora, "data-space=\"" + space + "\"");
    assertThat(session.get("/ui/spaces/" + space).status()).isEqualTo(200);
    assertThat(session.get("/ui/audit").status()).isEqualTo(403);
    List<String> stored = jdbc.queryForList("SELECT a.attribute_bytes FROM ui_session_attributes a JOIN ui_session s"
        + " ON s.primary_id = a.session_primary_id WHERE s.principal_name = ?", byte[].class, dora).stream()
        .map(bytes -> new String(bytes, StandardCharsets.ISO_8859_1)).toList();
    assertThat(stored).as("the session kept in the database holds the caller, no token of the provider's").isNotEmpty()
        .anyMatch(attribute -> attribute.contains("io.tandem.security.domain.Caller"))
        .noneMatch(attribute -> attribute.contains("eyJ") || attribute.contains("OidcIdToken")
            || attribute.contains("OAuth2AccessToken"));
  }

  @Test
  void theAdminGroupMakesAnOrganisationAdmin() {
    IDP.nextUser("boss-" + space, List.of("platform-admins"));
    UiSession session = new UiSession(port);

    signInThroughTheProvider(session);

    assertThat(session.get("/ui/audit").status()).isEqualTo(200);
  }
}
