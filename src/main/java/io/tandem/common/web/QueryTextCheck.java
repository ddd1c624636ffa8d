package io.tandem.common.web;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Map;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Holds query parameters to the same rules as JSON body fields ({@link TextLimits}), before any handler runs: a
 * parameter such as {@code changeDescription} is stored as it is.
 */
@Configuration(proxyBeanMethods = false)
class QueryTextCheck implements WebMvcConfigurer, HandlerInterceptor {

  private final TextLimits limits;

  QueryTextCheck(TextLimits limits) {
    this.limits = limits;
  }

  @Override
  public void addInterceptors(InterceptorRegistry registry) {
    registry.addInterceptor(this);
  }

  @Override
  public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
    for (Map.Entry<String, String[]> parameter : request.getParameterMap().entrySet()) {
      String name = parameter.getKey();
      TextLimits.require("A parameter name", name, TextLimits.DEFAULT_CHARS);
      for (String value : parameter.getValue()) {
        limits.require("Parameter '" + name + "'", name, value);
      }
    }
    return true;
  }
}
