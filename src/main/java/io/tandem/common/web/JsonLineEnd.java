package io.tandem.common.web;

import java.util.List;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.converter.json.JacksonJsonHttpMessageConverter;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import tools.jackson.core.JsonGenerator;

/**
 * Every JSON answer, problems included, ends with a newline, as text on a terminal should: {@code curl} output then
 * leaves the shell's prompt on a line of its own, and {@code jq -c}, {@code wc -l} and friends count it as a line.
 */
@Configuration(proxyBeanMethods = false)
class JsonLineEnd implements WebMvcConfigurer {

  /**
   * The JSON converter Spring Boot made, in its place (the order decides which converter reads a body). Deprecated in
   * Spring Framework 7 for {@code configureMessageConverters(ServerBuilder)}, which this has not moved to yet: wrapping
   * the converter Boot made keeps every setting it was made with.
   */
  @SuppressWarnings("removal")
  @Override
  public void extendMessageConverters(List<HttpMessageConverter<?>> converters) {
    for (int i = 0; i < converters.size(); i++) {
      if (converters.get(i).getClass() == JacksonJsonHttpMessageConverter.class) {
        converters.set(i, new LineEnding((JacksonJsonHttpMessageConverter) converters.get(i)));
      }
    }
  }

  /** The same mapper, media types and charset; a newline after each value. */
  static final class LineEnding extends JacksonJsonHttpMessageConverter {

    LineEnding(JacksonJsonHttpMessageConverter made) {
      super(made.getMapper());
      setSupportedMediaTypes(made.getSupportedMediaTypes());
      setDefaultCharset(made.getDefaultCharset());
    }

    @Override
    protected void writeSuffix(JsonGenerator generator, Object object) {
      generator.writeRaw('\n');
    }
  }
}
