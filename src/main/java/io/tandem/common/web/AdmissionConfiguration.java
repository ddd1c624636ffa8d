package io.tandem.common.web;

import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.tomcat.ConfigurableTomcatWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Requests take turns ({@link AdmissionProperties}) on the web server's own threads, unless turned off. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(prefix = "tandem.admission", name = "enabled", havingValue = "true", matchIfMissing = true)
class AdmissionConfiguration {

  @Bean(destroyMethod = "close")
  AdmissionExecutor admissionExecutor(AdmissionProperties settings, MeterRegistry meters) {
    return new AdmissionExecutor(settings, meters, "http-request-");
  }

  @Bean
  WebServerFactoryCustomizer<ConfigurableTomcatWebServerFactory> requestsTakeTurns(AdmissionExecutor executor) {
    return factory -> factory.addConnectorCustomizers(connector -> connector.getProtocolHandler().setExecutor(executor));
  }
}
