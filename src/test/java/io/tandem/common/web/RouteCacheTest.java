package io.tandem.common.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.servlet.http.HttpServletRequest;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.web.HttpMediaTypeNotAcceptableException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.support.StaticWebApplicationContext;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerMapping;
import org.springframework.web.util.ServletRequestPathUtils;

class RouteCacheTest {

  @RestController
  static class Routes {

    @GetMapping("/units/{unit}")
    String unit() {
      return "unit";
    }

    @GetMapping("/units/-/summary")
    String summary() {
      return "summary";
    }

    @GetMapping(path = "/units/{unit}/data", produces = "application/yaml")
    String yaml() {
      return "yaml";
    }

    @GetMapping(path = "/units/{unit}/data", produces = "application/json")
    String json() {
      return "json";
    }

    @PostMapping(path = "/units/{unit}/apply", params = "dryRun")
    String dryRun() {
      return "dryRun";
    }

    @PostMapping("/units/{unit}/apply")
    String apply() {
      return "apply";
    }
  }

  private RouteCache.CachingHandlerMapping mapping;

  @BeforeEach
  void routes() {
    StaticWebApplicationContext context = new StaticWebApplicationContext();
    context.registerSingleton("routes", Routes.class);
    mapping = new RouteCache.CachingHandlerMapping();
    mapping.setApplicationContext(context);
    mapping.afterPropertiesSet();
  }

  @Test
  void aRepeatedRequestFindsItsRouteAndPathVariablesFromTheCache() throws Exception {
    MockHttpServletRequest first = get("/units/web");
    assertThat(route(first)).isEqualTo("unit");
    assertThat(mapping.size()).isEqualTo(1);

    MockHttpServletRequest again = get("/units/web");
    assertThat(route(again)).isEqualTo("unit");
    assertThat(mapping.size()).isEqualTo(1);
    assertThat(again.getAttribute(HandlerMapping.URI_TEMPLATE_VARIABLES_ATTRIBUTE)).isEqualTo(Map.of("unit", "web"));
    assertThat(again.getAttribute(HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE)).isEqualTo("/units/{unit}");
    for (MockHttpServletRequest request : List.of(first, again)) {
      assertThat(Collections.list(request.getAttributeNames())).as("the cache's own bookkeeping is not left behind")
          .noneMatch(name -> name.startsWith(RouteCache.class.getName()));
    }
  }

  @Test
  void aLiteralRouteStillWinsOverAPatternOnEveryRequest() throws Exception {
    for (int i = 0; i < 3; i++) {
      assertThat(route(get("/units/-/summary"))).isEqualTo("summary");
      assertThat(route(get("/units/api"))).isEqualTo("unit");
    }
  }

  @Test
  void theAcceptHeaderChoosesTheRouteAsItWouldWithoutTheCache() throws Exception {
    for (int i = 0; i < 2; i++) {
      assertThat(route(accepting(get("/units/web/data"), "application/yaml"))).isEqualTo("yaml");
      assertThat(route(accepting(get("/units/web/data"), "application/json"))).isEqualTo("json");
    }
    assertThat(mapping.size()).isEqualTo(2);
  }

  @Test
  void theQueryChoosesTheRouteAsItWouldWithoutTheCache() throws Exception {
    for (int i = 0; i < 2; i++) {
      assertThat(route(request("POST", "/units/web/apply"))).isEqualTo("apply");
      MockHttpServletRequest dryRun = request("POST", "/units/web/apply");
      dryRun.setQueryString("dryRun=true");
      dryRun.setParameter("dryRun", "true");
      assertThat(route(dryRun)).isEqualTo("dryRun");
    }
  }

  @Test
  void requestsWithoutARouteAreRefusedEveryTimeAndNotKept() throws Exception {
    for (int i = 0; i < 2; i++) {
      assertThatThrownBy(() -> route(request("DELETE", "/units/web")))
          .isInstanceOf(HttpRequestMethodNotSupportedException.class);
      assertThatThrownBy(() -> route(accepting(get("/units/web/data"), "text/csv")))
          .isInstanceOf(HttpMediaTypeNotAcceptableException.class);
    }
    assertThat(mapping.size()).isZero();
  }

  @Test
  void theCacheStartsAgainWhenFull() throws Exception {
    for (int i = 0; i <= RouteCache.MAX_ENTRIES; i++) {
      route(get("/units/u" + i));
    }
    assertThat(mapping.size()).isEqualTo(1);
    assertThat(route(get("/units/u0"))).isEqualTo("unit");
  }

  private String route(HttpServletRequest request) throws Exception {
    ServletRequestPathUtils.parseAndCache(request);
    Object handler = mapping.getHandler(request).getHandler();
    return ((HandlerMethod) handler).getMethod().getName();
  }

  private static MockHttpServletRequest get(String path) {
    return request("GET", path);
  }

  private static MockHttpServletRequest request(String method, String path) {
    return new MockHttpServletRequest(method, path);
  }

  private static MockHttpServletRequest accepting(MockHttpServletRequest request, String type) {
    request.addHeader("Accept", MediaType.parseMediaType(type).toString());
    return request;
  }
}
