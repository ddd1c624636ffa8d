package io.tandem.web;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An OpenID Connect provider on loopback, just enough for an authorization-code sign-in: discovery, an authorization
 * endpoint that signs in whoever {@link #nextUser} names at once, a token endpoint answering a signed ID token with
 * the request's nonce, and its keys.
 */
final class FakeIdentityProvider {

  static final String CLIENT = "tandem-ui";

  private final HttpServer server;
  private final RSAKey key;
  private final Map<String, String[]> codes = new ConcurrentHashMap<>();
  private volatile String user = "nobody";
  private volatile List<String> groups = List.of();

  FakeIdentityProvider() {
    try {
      key = new RSAKeyGenerator(2048).keyID("fake").generate();
      server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
    server.createContext("/.well-known/openid-configuration", exchange -> json(exchange, discovery()));
    server.createContext("/jwks", exchange -> json(exchange, new JWKSet(key.toPublicJWK()).toString()));
    server.createContext("/authorize", this::authorize);
    server.createContext("/token", this::token);
    server.start();
  }

  String issuer() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  void nextUser(String name, List<String> memberOf) {
    user = name;
    groups = memberOf;
  }

  private String discovery() {
    return "{\"issuer\":\"" + issuer() + "\",\"authorization_endpoint\":\"" + issuer() + "/authorize\","
        + "\"token_endpoint\":\"" + issuer() + "/token\",\"jwks_uri\":\"" + issuer() + "/jwks\","
        + "\"response_types_supported\":[\"code\"],\"subject_types_supported\":[\"public\"],"
        + "\"id_token_signing_alg_values_supported\":[\"RS256\"],\"scopes_supported\":[\"openid\",\"profile\",\"email\"],"
        + "\"token_endpoint_auth_methods_supported\":[\"client_secret_basic\"]}";
  }

  private void authorize(HttpExchange exchange) throws IOException {
    Map<String, String> query = form(exchange.getRequestURI().getRawQuery());
    String code = UUID.randomUUID().toString();
    codes.put(code, new String[] {query.get("nonce"), user, String.join(",", groups)});
    exchange.getResponseHeaders().add("Location", query.get("redirect_uri") + "?code=" + code + "&state="
        + java.net.URLEncoder.encode(query.get("state"), StandardCharsets.UTF_8));
    exchange.sendResponseHeaders(302, -1);
    exchange.close();
  }

  private void token(HttpExchange exchange) throws IOException {
    Map<String, String> body = form(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
    String[] grant = codes.remove(body.get("code"));
    if (grant == null) {
      exchange.sendResponseHeaders(400, -1);
      exchange.close();
      return;
    }
    json(exchange, "{\"access_token\":\"at-" + UUID.randomUUID() + "\",\"token_type\":\"Bearer\",\"expires_in\":300,"
        + "\"scope\":\"openid profile email\",\"id_token\":\"" + idToken(grant[0], grant[1], grant[2]) + "\"}");
  }

  private String idToken(String nonce, String name, String memberOf) {
    try {
      Instant now = Instant.now();
      SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(key.getKeyID()).build(),
          new JWTClaimsSet.Builder().issuer(issuer()).subject("id-" + name).audience(CLIENT).claim("nonce", nonce)
              .claim("preferred_username", name).claim("groups", memberOf.isEmpty() ? List.of() : List.of(memberOf.split(",")))
              .issueTime(Date.from(now)).expirationTime(Date.from(now.plusSeconds(300))).build());
      jwt.sign(new RSASSASigner(key));
      return jwt.serialize();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static Map<String, String> form(String text) {
    Map<String, String> values = new HashMap<>();
    for (String pair : text == null ? new String[0] : text.split("&")) {
      int equals = pair.indexOf('=');
      if (equals > 0) {
        values.put(URLDecoder.decode(pair.substring(0, equals), StandardCharsets.UTF_8),
            URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8));
      }
    }
    return values;
  }

  private static void json(HttpExchange exchange, String json) throws IOException {
    byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().add("Content-Type", "application/json");
    exchange.sendResponseHeaders(200, bytes.length);
    exchange.getResponseBody().write(bytes);
    exchange.close();
  }
}
