package io.tandem.common.web;

import org.apache.catalina.core.StandardHost;
import org.apache.coyote.http11.AbstractHttp11Protocol;
import org.apache.tomcat.util.buf.EncodedSolidusHandling;
import org.springframework.boot.tomcat.ConfigurableTomcatWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.stereotype.Component;

/**
 * The container passes an encoded {@code /} through to {@link CanonicalPathFilter} (which refuses it as problem+json)
 * instead of refusing it with its own page, answers what it refuses itself with {@link ProblemErrorReportValve}, waits
 * for clients no longer than {@link HttpTimeoutProperties} says, and never reads a body after the answer
 * ({@link UnreadBodyValve}).
 */
@Component
class TomcatConfiguration implements WebServerFactoryCustomizer<ConfigurableTomcatWebServerFactory> {

  private final HttpTimeoutProperties timeouts;

  TomcatConfiguration(HttpTimeoutProperties timeouts) {
    this.timeouts = timeouts;
  }

  @Override
  public void customize(ConfigurableTomcatWebServerFactory factory) {
    factory.addConnectorCustomizers(connector -> {
      connector.setEncodedSolidusHandling(EncodedSolidusHandling.PASS_THROUGH.getValue());
      if (connector.getProtocolHandler() instanceof AbstractHttp11Protocol<?> http) {
        http.setConnectionTimeout((int) timeouts.headerTimeout().toMillis());
        http.setKeepAliveTimeout((int) timeouts.keepAliveTimeout().toMillis());
      }
    });
    factory.addEngineValves(new UnreadBodyValve());
    factory.addContextCustomizers(context -> {
      if (context.getParent() instanceof StandardHost host) {
        host.setErrorReportValveClass(ProblemErrorReportValve.class.getName());
      }
    });
  }
}
