package io.tandem.portal.api;

import io.tandem.portal.CorsProperties;
import java.util.List;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.cors.CorsConfigurationSource;
import org.springframework.web.cors.UrlBasedCorsConfigurationSource;

/**
 * Lets a portal on another origin call the API from the browser: {@code tandem.cors.allowed-origins}, none by default.
 * The security filter chain answers the preflights with this source, before authentication; a source matched by path
 * costs next to nothing per request, where looking the handler up for its CORS settings cost a twentieth of a GET.
 */
@Configuration(proxyBeanMethods = false)
class CorsConfiguration {

  @Bean
  CorsConfigurationSource corsConfigurationSource(CorsProperties settings) {
    List<String> origins =
        settings.allowedOrigins().stream().map(String::trim).filter(origin -> !origin.isEmpty()).toList();
    UrlBasedCorsConfigurationSource source = new UrlBasedCorsConfigurationSource();
    if (!origins.isEmpty()) {
      org.springframework.web.cors.CorsConfiguration api = new org.springframework.web.cors.CorsConfiguration();
      api.setAllowedOrigins(origins);
      api.setAllowedMethods(List.of("GET", "POST", "PUT", "PATCH", "DELETE"));
      api.addAllowedHeader("*");
      api.setExposedHeaders(List.of("ETag", "Location"));
      api.setMaxAge(3600L);
      source.registerCorsConfiguration("/api/**", api);
    }
    return source;
  }
}
