package io.tandem.security.web;

import io.tandem.security.domain.Caller;
import io.tandem.security.domain.TokenService;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.List;
import org.springframework.http.HttpMethod;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.web.authentication.AbstractAuthenticationProcessingFilter;
import org.springframework.security.web.authentication.SimpleUrlAuthenticationFailureHandler;
import org.springframework.security.web.authentication.SimpleUrlAuthenticationSuccessHandler;
import org.springframework.security.web.authentication.session.ChangeSessionIdAuthenticationStrategy;
import org.springframework.security.web.context.SecurityContextRepository;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;

/**
 * {@code POST /ui/sign-in} with an API token: the caller it stands for is kept in the session (a new session id, so
 * a session fixed before sign-in is worth nothing); the token itself is forgotten.
 */
public class UiTokenSignIn extends AbstractAuthenticationProcessingFilter {

  /** The sign-in page, to which the UI sends whoever is not signed in, and where a failed sign-in returns. */
  public static final String PAGE = "/ui/sign-in";

  public UiTokenSignIn(TokenService tokens, SecurityContextRepository sessions) {
    super(PathPatternRequestMatcher.withDefaults().matcher(HttpMethod.POST, PAGE),
        authentication -> authenticate(tokens, authentication));
    setSecurityContextRepository(sessions);
    setSessionAuthenticationStrategy(new ChangeSessionIdAuthenticationStrategy());
    SimpleUrlAuthenticationSuccessHandler success = new SimpleUrlAuthenticationSuccessHandler("/ui");
    success.setAlwaysUseDefaultTargetUrl(true);
    setAuthenticationSuccessHandler(success);
    setAuthenticationFailureHandler(new SimpleUrlAuthenticationFailureHandler(PAGE + "?failed"));
  }

  @Override
  public Authentication attemptAuthentication(HttpServletRequest request, HttpServletResponse response) {
    String token = request.getParameter("token");
    return getAuthenticationManager().authenticate(
        UsernamePasswordAuthenticationToken.unauthenticated("token", token == null ? "" : token.strip()));
  }

  private static Authentication authenticate(TokenService tokens, Authentication presented) {
    Caller caller = tokens.authenticate((String) presented.getCredentials())
        .orElseThrow(() -> new BadCredentialsException("unknown or revoked token"));
    return UsernamePasswordAuthenticationToken.authenticated(caller, null,
        List.of(new SimpleGrantedAuthority(caller.orgAdmin() ? "ROLE_ORG_ADMIN" : "ROLE_USER")));
  }
}
