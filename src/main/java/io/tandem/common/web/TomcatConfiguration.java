package io.tandem.common.web;

import org.apache.catalina.core.StandardHost;
import org.apache.tomcat.util.buf.EncodedSolidusHandling;
import org.springframework.boot.tomcat.ConfigurableTomcatWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.stereotype.Component;

/**
 * The container passes an encoded {@code /} through to {@link CanonicalPathFilter} (which refuses it as problem+json)
 * instead of refusing it with its own page, and answers what it refuses itself with {@link ProblemErrorReportValve}.
 */
@Component
class TomcatConfiguration implements WebServerFactoryCustomizer<ConfigurableTomcatWebServerFactory> {

  @Override
  public void customize(ConfigurableTomcatWebServerFactory factory) {
    factory.addConnectorCustomizers(connector ->
        connector.setEncodedSolidusHandling(EncodedSolidusHandling.PASS_THROUGH.getValue()));
    factory.addContextCustomizers(context -> {
      if (context.getParent() instanceof StandardHost host) {
        host.setErrorReportValveClass(ProblemErrorReportValve.class.getName());
      }
    });
  }
}
