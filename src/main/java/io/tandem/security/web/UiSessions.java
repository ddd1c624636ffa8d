package io.tandem.security.web;

import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.convert.ConversionService;
import org.springframework.core.convert.support.GenericConversionService;
import org.springframework.core.serializer.support.DeserializingConverter;
import org.springframework.core.serializer.support.SerializationFailedException;
import org.springframework.core.serializer.support.SerializingConverter;
import org.springframework.session.web.http.CookieSerializer;
import org.springframework.session.web.http.DefaultCookieSerializer;

/**
 * The web UI's sessions are kept in PostgreSQL (Spring Session JDBC, the tables {@code ui_session} and
 * {@code ui_session_attributes} of the migrations), so any replica serves a signed-in person. A session is made only
 * where something asks for one, which only {@code /ui} does: the API's chain is stateless. Expired sessions are
 * removed by one replica ({@link UiSessionCleanup}).
 */
@Configuration(proxyBeanMethods = false)
public class UiSessions {

  public static final String COOKIE = "TANDEM_SESSION";

  private static final Logger log = LoggerFactory.getLogger(UiSessions.class);
  private static final AtomicBoolean told = new AtomicBoolean();

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

  /**
   * A session's attributes are stored with Java serialization. One that this version cannot read back (written by a
   * version with other classes, during a rolling upgrade) is forgotten, which signs its person out, instead of failing
   * each of their requests until the session expires.
   */
  @Bean
  ConversionService springSessionConversionService() {
    GenericConversionService conversions = new GenericConversionService();
    conversions.addConverter(Object.class, byte[].class, new SerializingConverter());
    DeserializingConverter deserializer = new DeserializingConverter(UiSessions.class.getClassLoader());
    conversions.addConverter(byte[].class, Object.class, bytes -> readOrForget(deserializer, bytes));
    return conversions;
  }

  private static Object readOrForget(DeserializingConverter deserializer, byte[] bytes) {
    try {
      return deserializer.convert(bytes);
    } catch (SerializationFailedException e) {
      if (!told.getAndSet(true)) { // once: after an upgrade, every session of the old version would say it
        log.info("A web UI session holds what this version cannot read: such sessions are forgotten, their people sign in again");
      }
      return null;
    }
  }
}
