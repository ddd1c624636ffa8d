package io.tandem.security.web;

import io.tandem.security.domain.Caller;
import io.tandem.security.domain.OidcTokens;
import io.tandem.security.domain.TokenService;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Turns {@code Authorization: Bearer tdm_…} (an API token), or a JWT from the configured OIDC provider, into the
 * caller. Without a token, and only where anonymous access was
 * switched on ({@code tandem.security.anonymous}), a request from this machine's loopback is the caller
 * {@code anonymous}, an organisation admin: a local run, not a deployment.
 */
public class TokenAuthenticationFilter extends OncePerRequestFilter {

  /** Set on a request whose bearer token was not accepted: its 401 says so, rather than asking for one. */
  static final String TOKEN_REFUSED = "tandem.tokenRefused";
  static final String NO_TOKEN = "Give an API token: Authorization: Bearer tdm_<prefix>_<secret>";
  static final String REFUSED = "The API token was not accepted: it is unknown, revoked or expired (a JWT: not one the"
      + " configured OIDC provider signed for this server). Give a valid one: Authorization: Bearer tdm_<prefix>_<secret>";

  /** What a 401 of this request says. */
  public static String unauthorized(jakarta.servlet.http.HttpServletRequest request) {
    return Boolean.TRUE.equals(request.getAttribute(TOKEN_REFUSED)) ? REFUSED : NO_TOKEN;
  }

  private final TokenService tokens;
  private final OidcTokens oidc;
  private final boolean anonymousOnLoopback;

  public TokenAuthenticationFilter(TokenService tokens, OidcTokens oidc, boolean anonymousOnLoopback) {
    this.tokens = tokens;
    this.oidc = oidc;
    this.anonymousOnLoopback = anonymousOnLoopback;
  }

  @Override
  protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    String header = request.getHeader("Authorization");
    if (header == null && request.getMethod().equals("GET") && request.getRequestURI().equals("/api/v1/events")
        && request.getParameter("access_token") != null) {
      // A browser's EventSource cannot send headers: the event stream, and only it, takes the token as a parameter.
      // Asked only of that GET: on any other request the parameters would include a form body, read before the
      // caller is known.
      header = "Bearer " + request.getParameter("access_token");
    }
    Caller caller = null;
    if (header != null && header.regionMatches(true, 0, "Bearer ", 0, 7)) {
      String token = header.substring(7).trim();
      caller = (token.startsWith(TokenService.PREFIX) ? tokens.authenticate(token) : oidc.authenticate(token)).orElse(null);
      if (caller == null) {
        request.setAttribute(TOKEN_REFUSED, true);
      }
    } else if (header == null && anonymousOnLoopback && loopback(request.getRemoteAddr())) {
      caller = new Caller(Caller.ANONYMOUS, true, null);
    }
    if (caller != null) {
      UsernamePasswordAuthenticationToken authentication = new UsernamePasswordAuthenticationToken(caller, null,
          List.of(new SimpleGrantedAuthority(caller.orgAdmin() ? "ROLE_ORG_ADMIN" : "ROLE_USER")));
      SecurityContextHolder.getContext().setAuthentication(authentication);
    }
    chain.doFilter(request, response);
  }

  private static boolean loopback(String address) {
    try {
      return address != null && InetAddress.getByName(address).isLoopbackAddress();
    } catch (UnknownHostException e) {
      return false;
    }
  }
}
