package io.tandem.common.web;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.converter.json.JacksonJsonHttpMessageConverter;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every JSON answer, problems included, ends with a newline, as text on a terminal should: {@code curl} output then
 * leaves the shell's prompt on a line of its own, and {@code jq -c}, {@code wc -l} and friends count it as a line.
 */
@Configuration(proxyBeanMethods = false)
class JsonLineEnd {

  /** Takes the place of the converter Spring Boot would make with the same mapper. */
  @Bean
  JacksonJsonHttpMessageConverter jacksonJsonHttpMessageConverter(JsonMapper mapper) {
    return new JacksonJsonHttpMessageConverter(mapper) {
      @Override
      protected void writeSuffix(JsonGenerator generator, Object object) {
        generator.writeRaw('\n');
      }
    };
  }
}
