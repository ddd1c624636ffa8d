package io.tandem.portal;

import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.config.annotation.CorsRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/** Lets a portal on another origin call the API from the browser: {@code tandem.cors.allowed-origins}, none by default. */
@Configuration(proxyBeanMethods = false)
class CorsConfiguration implements WebMvcConfigurer {

  private final String[] origins;

  CorsConfiguration(CorsProperties settings) {
    this.origins = settings.allowedOrigins().stream().map(String::trim).filter(origin -> !origin.isEmpty()).toArray(String[]::new);
  }

  @Override
  public void addCorsMappings(CorsRegistry registry) {
    if (origins.length > 0) {
      registry.addMapping("/api/**")
          .allowedOrigins(origins)
          .allowedMethods("GET", "POST", "PUT", "PATCH", "DELETE")
          .allowedHeaders("*")
          .exposedHeaders("ETag", "Location")
          .maxAge(3600);
    }
  }
}
