package io.tandem.web;

import java.io.IOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A browser's side of the web UI over plain HTTP: a cookie jar, no redirects followed, and the CSRF token of the
 * last page read (as its forms carry it).
 */
final class UiSession {

  private static final Pattern CSRF = Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"");

  private final CookieManager cookies;
  private final HttpClient client;
  private final String base;
  private String csrf;

  UiSession(int port) {
    this.cookies = new CookieManager();
    this.client = HttpClient.newBuilder().cookieHandler(cookies).followRedirects(HttpClient.Redirect.NEVER)
        .connectTimeout(Duration.ofSeconds(5)).build();
    this.base = "http://localhost:" + port;
  }

  private UiSession(UiSession same, int port) {
    this.cookies = same.cookies;
    this.client = same.client;
    this.base = "http://localhost:" + port;
    this.csrf = same.csrf;
  }

  /** The same browser (cookies, last CSRF token) talking to the server on another port, as behind a load balancer. */
  UiSession onPort(int port) {
    return new UiSession(this, port);
  }

  record Page(int status, String location, String setCookie, String body) {}

  /** Signs in with the token; the answer's redirect. */
  Page signIn(String token) {
    get("/ui/sign-in");
    return post("/ui/sign-in", Map.of("token", token));
  }

  Page get(String path) {
    return getAbsolute(base + path);
  }

  /** A page anywhere (another server's too), with this session's cookies for its host. */
  Page getAbsolute(String url) {
    Page page = send(HttpRequest.newBuilder(URI.create(url)).GET());
    Matcher token = CSRF.matcher(page.body());
    if (token.find()) {
      csrf = token.group(1);
    }
    return page;
  }

  /** A form post with the CSRF token of the last page read. */
  Page post(String path, Map<String, String> form) {
    Map<String, String> withToken = new LinkedHashMap<>(form);
    withToken.put("_csrf", csrf);
    return postWithout(path, withToken);
  }

  /** A form post as another site's page would forge it: the session's cookie, but no CSRF token. */
  Page postWithout(String path, Map<String, String> form) {
    String body = form.entrySet().stream()
        .map(entry -> encode(entry.getKey()) + "=" + encode(entry.getValue()))
        .collect(Collectors.joining("&"));
    return send(HttpRequest.newBuilder(URI.create(base + path))
        .header("Content-Type", "application/x-www-form-urlencoded")
        .POST(HttpRequest.BodyPublishers.ofString(body)));
  }

  String sessionCookie() {
    return cookies.getCookieStore().getCookies().stream().filter(cookie -> cookie.getName().equals("TANDEM_SESSION"))
        .map(java.net.HttpCookie::getValue).findFirst().orElse(null);
  }

  private Page send(HttpRequest.Builder request) {
    try {
      HttpResponse<String> response = client.send(request.timeout(Duration.ofSeconds(30)).build(),
          HttpResponse.BodyHandlers.ofString());
      return new Page(response.statusCode(), response.headers().firstValue("Location").orElse(null),
          response.headers().firstValue("Set-Cookie").orElse(null), response.body());
    } catch (IOException e) {
      throw new IllegalStateException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static String encode(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8);
  }
}
