package io.tandem.web;

import java.time.Duration;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.CacheControl;
import org.springframework.web.servlet.config.annotation.ResourceHandlerRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import org.springframework.web.servlet.resource.LiteWebJarsResourceResolver;

/** The UI's own styles and scripts, and htmx from its WebJar: everything a page loads comes from this server. */
@Configuration(proxyBeanMethods = false)
class UiResources implements WebMvcConfigurer {

  @Override
  public void addResourceHandlers(ResourceHandlerRegistry registry) {
    registry.addResourceHandler("/ui/static/**")
        .addResourceLocations("classpath:/static/ui/")
        .setCacheControl(CacheControl.maxAge(Duration.ofMinutes(10)));
    registry.addResourceHandler("/ui/vendor/**")
        .addResourceLocations("classpath:/META-INF/resources/webjars/")
        .setCacheControl(CacheControl.maxAge(Duration.ofDays(1)))
        .resourceChain(true)
        .addResolver(new LiteWebJarsResourceResolver());
  }
}
