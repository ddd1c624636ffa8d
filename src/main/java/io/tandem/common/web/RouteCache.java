package io.tandem.common.web;

import jakarta.servlet.http.HttpServletRequest;
import java.util.Collections;
import java.util.Enumeration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.boot.webmvc.autoconfigure.WebMvcRegistrations;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpHeaders;
import org.springframework.web.cors.CorsUtils;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * Remembers which route answered a request. Spring MVC finds the route of a path with variables (every unit's path)
 * by matching the request against each of the few hundred routes, which was a tenth of the CPU of a GET of a unit.
 * The route found depends only on what a route can ask of a request: its method, path and query (parameter
 * conditions), {@code Accept} and {@code Content-Type}. Those make the key; a hit re-checks its one route against the
 * request and sets what a match sets (path variables, the pattern), so it answers as a full search would.
 */
@Configuration(proxyBeanMethods = false)
class RouteCache {

  /** Enough for every route of a busy hour's working set; past it the cache starts again, which only costs searches. */
  static final int MAX_ENTRIES = 1024;

  @Bean
  WebMvcRegistrations cachedRoutes() {
    return new WebMvcRegistrations() {
      @Override
      public RequestMappingHandlerMapping getRequestMappingHandlerMapping() {
        return new CachingHandlerMapping();
      }
    };
  }

  /** The request features a route can match on. */
  record Key(String method, String path, String query, String accept,
      String contentType) {

    static Key of(String lookupPath, HttpServletRequest request) {
      return new Key(request.getMethod(), lookupPath, request.getQueryString(), all(request, HttpHeaders.ACCEPT),
          request.getContentType());
    }

    private static String all(HttpServletRequest request, String header) {
      Enumeration<String> values = request.getHeaders(header);
      if (!values.hasMoreElements()) {
        return null;
      }
      String first = values.nextElement();
      return values.hasMoreElements() ? first + "," + String.join(",", Collections.list(values)) : first;
    }
  }

  /** A route and its handler as a full search matched them. */
  record Route(RequestMappingInfo mapping, HandlerMethod handler) {}

  static final class CachingHandlerMapping extends RequestMappingHandlerMapping {

    private static final String MATCHED = RouteCache.class.getName() + ".matched";

    private final Map<Key, Route> routes = new ConcurrentHashMap<>();

    @Override
    protected HandlerMethod lookupHandlerMethod(String lookupPath, HttpServletRequest request)
        throws Exception {
      if (CorsUtils.isPreFlightRequest(request)) {
        return super.lookupHandlerMethod(lookupPath, request); // its answer is not a route but a CORS decision
      }
      Key key = Key.of(lookupPath, request);
      Route route = routes.get(key);
      RequestMappingInfo match = route == null ? null : route.mapping().getMatchingCondition(request);
      if (match != null) {
        request.setAttribute(BEST_MATCHING_HANDLER_ATTRIBUTE, route.handler());
        super.handleMatch(match, lookupPath, request);
        return route.handler();
      }
      HandlerMethod handler = super.lookupHandlerMethod(lookupPath, request);
      Object matched = request.getAttribute(MATCHED);
      request.removeAttribute(MATCHED);
      if (handler != null && matched instanceof RequestMappingInfo mapping) {
        if (routes.size() >= MAX_ENTRIES) {
          routes.clear();
        }
        routes.put(key, new Route(mapping, handler));
      }
      return handler;
    }

    /** Called by the full search with the route it chose, as matched (narrowed to what the request asked). */
    @Override
    protected void handleMatch(RequestMappingInfo info, String lookupPath, HttpServletRequest request) {
      request.setAttribute(MATCHED, info);
      super.handleMatch(info, lookupPath, request);
    }

    int size() {
      return routes.size();
    }
  }
}
