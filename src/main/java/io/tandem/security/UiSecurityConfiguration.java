package io.tandem.security;

import io.tandem.security.domain.Audit;
import io.tandem.security.domain.OidcTokens;
import io.tandem.security.domain.TokenService;
import io.tandem.security.web.AuditFilter;
import io.tandem.security.web.UiOidcLogin;
import io.tandem.security.web.UiSessionRecheck;
import io.tandem.security.web.UiSessions;
import io.tandem.security.web.UiTokenSignIn;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.access.ExceptionTranslationFilter;
import org.springframework.security.web.authentication.LoginUrlAuthenticationEntryPoint;
import org.springframework.security.web.authentication.UsernamePasswordAuthenticationFilter;
import org.springframework.security.web.context.HttpSessionSecurityContextRepository;
import org.springframework.security.web.context.SecurityContextHolderFilter;

/**
 * The web UI under {@code /ui}: a person signs in once with an API token ({@link UiTokenSignIn}), and the session then
 * holds who they are (the token's subject, admin flag and prefix; never the token). Each request checks again that
 * the token is not revoked ({@link UiSessionRecheck}). Sessions are kept in PostgreSQL ({@link UiSessions}). Where configured, the organisation's identity provider signs
 * people in instead ({@link UiOidcLogin}). Every form carries Spring Security's CSRF token; htmx sends it
 * as a header. The rules of what a caller may do are the API's, on the handlers' {@code @Access} declarations.
 */
@Configuration(proxyBeanMethods = false)
class UiSecurityConfiguration {

  private static final String SIGN_IN = UiTokenSignIn.PAGE;

  @Bean
  @Order(1)
  SecurityFilterChain ui(HttpSecurity http, TokenService tokens, Audit audit, Clock clock, SecurityProperties settings,
      OidcTokens oidc) throws Exception {
    HttpSessionSecurityContextRepository sessions = new HttpSessionSecurityContextRepository();
    if (settings.oidc().login()) {
      http.oauth2Login(new UiOidcLogin(settings.oidc(), oidc).configurer(sessions));
    }
    return http
        .securityMatcher("/ui", "/ui/**")
        .securityContext(context -> context.securityContextRepository(sessions))
        .sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.IF_REQUIRED))
        .requestCache(cache -> cache.disable())
        .httpBasic(basic -> basic.disable())
        .formLogin(form -> form.disable())
        .addFilterBefore(new UiTokenSignIn(tokens, sessions), UsernamePasswordAuthenticationFilter.class)
        .addFilterAfter(new UiSessionRecheck(tokens), SecurityContextHolderFilter.class)
        .addFilterBefore(new AuditFilter(audit, clock), ExceptionTranslationFilter.class)
        .logout(logout -> logout.logoutUrl("/ui/sign-out").logoutSuccessUrl(SIGN_IN + "?signedOut")
            .deleteCookies(UiSessions.COOKIE))
        .authorizeHttpRequests(authorize -> authorize
            .requestMatchers(SIGN_IN, "/ui/static/**", "/ui/vendor/**", "/ui/oauth2/**").permitAll()
            .anyRequest().authenticated())
        .exceptionHandling(handling -> handling.authenticationEntryPoint(new LoginUrlAuthenticationEntryPoint(SIGN_IN)))
        .headers(headers -> headers.contentSecurityPolicy(csp -> csp.policyDirectives(
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-ancestors 'none';"
                + " form-action 'self'; base-uri 'self'")))
        .build();
  }
}
