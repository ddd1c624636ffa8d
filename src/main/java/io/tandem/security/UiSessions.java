package io.tandem.security;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.session.web.http.CookieSerializer;
import org.springframework.session.web.http.DefaultCookieSerializer;

/**
 * The web UI's sessions are kept in PostgreSQL (Spring Session JDBC, the tables {@code ui_session} and
 * {@code ui_session_attributes} of the migrations), so any replica serves a signed-in person. A session is made only
 * where something asks for one, which only {@code /ui} does: the API's chain is stateless. Expired sessions are
 * removed by one replica ({@link UiSessionCleanup}).
 */
@Configuration(proxyBeanMethods = false)
class UiSessions {

  static final String COOKIE = "TANDEM_SESSION";

  /**
   * Never readable by scripts and not sent with other sites' forms; Secure on a request that came over TLS (behind a
   * proxy: {@code server.forward-headers-strategy=native}).
   */
  @Bean
  CookieSerializer uiSessionCookie() {
    DefaultCookieSerializer cookie = new DefaultCookieSerializer();
    cookie.setCookieName(COOKIE);
    cookie.setUseHttpOnlyCookie(true);
    cookie.setSameSite("Lax");
    return cookie;
  }
}
