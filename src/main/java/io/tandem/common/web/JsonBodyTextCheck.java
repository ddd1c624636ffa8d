package io.tandem.common.web;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Type;
import org.springframework.core.MethodParameter;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpInputMessage;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.converter.json.JacksonJsonHttpMessageConverter;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.servlet.mvc.method.annotation.RequestBodyAdviceAdapter;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The one check of the texts of every JSON request body, whatever type reads it (records and merge-patch trees
 * alike): the body is read as a tree first, checked by {@link JsonBodyTexts}, and then handed on unchanged. A body
 * that is not JSON is handed on as it is, for the converter to report.
 */
@ControllerAdvice
class JsonBodyTextCheck extends RequestBodyAdviceAdapter {

  private final JsonMapper json;
  private final JsonBodyTexts texts;

  JsonBodyTextCheck(JsonMapper json, TextLimits limits) {
    this.json = json;
    this.texts = new JsonBodyTexts(limits);
  }

  @Override
  public boolean supports(
      MethodParameter parameter, Type targetType, Class<? extends HttpMessageConverter<?>> converterType) {
    return JacksonJsonHttpMessageConverter.class.isAssignableFrom(converterType);
  }

  @Override
  public HttpInputMessage beforeBodyRead(
      HttpInputMessage input, MethodParameter parameter, Type targetType,
      Class<? extends HttpMessageConverter<?>> converterType) throws IOException {
    byte[] body = input.getBody().readAllBytes();
    JsonNode tree = null;
    try {
      tree = json.readTree(body);
    } catch (JacksonException notJson) {
      // the converter reads it again and reports it
    }
    if (tree != null) {
      texts.check(tree);
    }
    return new Replayed(body, input.getHeaders());
  }

  @SuppressWarnings("ArrayRecordComponent") // the body is replayed to the converter, never compared
  private record Replayed(byte[] body, HttpHeaders headers) implements HttpInputMessage {
    @Override
    public InputStream getBody() {
      return new ByteArrayInputStream(body);
    }

    @Override
    public HttpHeaders getHeaders() {
      return headers;
    }
  }
}
