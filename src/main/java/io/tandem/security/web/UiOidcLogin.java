package io.tandem.security.web;

import io.tandem.security.SecurityProperties;
import io.tandem.security.domain.Caller;
import io.tandem.security.domain.OidcTokens;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.List;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.oauth2.client.OAuth2LoginConfigurer;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.oauth2.client.OAuth2AuthorizedClient;
import org.springframework.security.oauth2.client.registration.ClientRegistration;
import org.springframework.security.oauth2.client.registration.ClientRegistrationRepository;
import org.springframework.security.oauth2.client.registration.ClientRegistrations;
import org.springframework.security.oauth2.client.web.OAuth2AuthorizedClientRepository;
import org.springframework.security.oauth2.core.oidc.user.OidcUser;
import org.springframework.security.web.authentication.AuthenticationSuccessHandler;
import org.springframework.security.web.context.SecurityContextRepository;

/**
 * Sign-in to the web UI with the organisation's identity provider (OpenID Connect, authorization code), when
 * {@code tandem.security.oidc.client-id} is set: the ID token's claims are mapped to a caller as a bearer JWT's are
 * ({@link OidcTokens#callerOf}), and only that caller stays in the session; the provider's tokens are kept nowhere.
 */
public final class UiOidcLogin {

  static final String REGISTRATION = "oidc";

  private final SecurityProperties.Oidc settings;
  private final OidcTokens oidc;
  private volatile ClientRegistration registration;

  public UiOidcLogin(SecurityProperties.Oidc settings, OidcTokens oidc) {
    this.settings = settings;
    this.oidc = oidc;
  }

  public Customizer<OAuth2LoginConfigurer<HttpSecurity>> configurer(SecurityContextRepository sessions) {
    ClientRegistrationRepository registrations = id -> REGISTRATION.equals(id) ? registration() : null;
    return login -> login
        .clientRegistrationRepository(registrations)
        .authorizedClientRepository(new KeptNowhere())
        .loginPage(UiTokenSignIn.PAGE)
        .authorizationEndpoint(endpoint -> endpoint.baseUri("/ui/oauth2/authorization"))
        .redirectionEndpoint(endpoint -> endpoint.baseUri("/ui/oauth2/code/*"))
        .successHandler(signedIn(sessions))
        .failureUrl(UiTokenSignIn.PAGE + "?failed");
  }

  /** Replaces the provider's authentication with the caller its ID token stands for. */
  private AuthenticationSuccessHandler signedIn(SecurityContextRepository sessions) {
    return (HttpServletRequest request, HttpServletResponse response, Authentication authentication) -> {
      Caller caller = authentication.getPrincipal() instanceof OidcUser user ? oidc.callerOf(user.getClaims()).orElse(null) : null;
      if (caller == null) {
        SecurityContextHolder.clearContext();
        request.getSession().invalidate();
        response.sendRedirect(UiTokenSignIn.PAGE + "?failed");
        return;
      }
      SecurityContext context = SecurityContextHolder.createEmptyContext();
      context.setAuthentication(UsernamePasswordAuthenticationToken.authenticated(caller, null,
          List.of(new SimpleGrantedAuthority(caller.orgAdmin() ? "ROLE_ORG_ADMIN" : "ROLE_USER"))));
      SecurityContextHolder.setContext(context);
      sessions.saveContext(context, request, response);
      response.sendRedirect("/ui");
    };
  }

  /** Found through the provider's discovery document on first use, so a server starts while its provider is away. */
  private ClientRegistration registration() {
    if (registration == null) {
      synchronized (this) {
        if (registration == null) {
          registration = ClientRegistrations.fromIssuerLocation(settings.issuerUri())
              .registrationId(REGISTRATION)
              .clientId(settings.clientId())
              .clientSecret(settings.clientSecret())
              .scope("openid", "profile", "email")
              .redirectUri("{baseUrl}/ui/oauth2/code/{registrationId}")
              .build();
        }
      }
    }
    return registration;
  }

  /** The provider's access and refresh tokens are not needed after sign-in, so they are not kept. */
  private static final class KeptNowhere implements OAuth2AuthorizedClientRepository {

    @Override
    public OAuth2AuthorizedClient loadAuthorizedClient(String registrationId, Authentication principal,
        HttpServletRequest request) {
      return null;
    }

    @Override
    public void saveAuthorizedClient(OAuth2AuthorizedClient client, Authentication principal, HttpServletRequest request,
        HttpServletResponse response) {}

    @Override
    public void removeAuthorizedClient(String registrationId, Authentication principal, HttpServletRequest request,
        HttpServletResponse response) {}
  }

}
