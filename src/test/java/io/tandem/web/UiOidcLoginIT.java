package io.tandem.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.support.Api;
import io.tandem.support.TandemIT;
import java.net.URI;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
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
  }

  @Test
  void theAdminGroupMakesAnOrganisationAdmin() {
    IDP.nextUser("boss-" + space, List.of("platform-admins"));
    UiSession session = new UiSession(port);

    signInThroughTheProvider(session);

    assertThat(session.get("/ui/audit").status()).isEqualTo(200);
  }
}
