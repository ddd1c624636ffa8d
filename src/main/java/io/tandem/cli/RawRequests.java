package io.tandem.cli;

import io.tandem.client.ApiClient;
import io.tandem.client.ApiException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

/** Calls the generated client cannot make as such: answers that are not JSON (YAML text, Server-Sent Events). */
final class RawRequests {

  private RawRequests() {}

  /** A GET of a path under the server, with the client's token; a refusal as the client's exception. */
  static InputStream get(ApiClient client, String pathAndQuery, String accept)
      throws ApiException, IOException, InterruptedException {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(client.getBaseUri() + pathAndQuery))
        .header("Accept", accept).GET();
    if (client.getRequestInterceptor() != null) {
      client.getRequestInterceptor().accept(request);
    }
    HttpResponse<InputStream> response = client.getHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
    if (response.statusCode() >= 400) {
      try (InputStream body = response.body()) {
        throw new ApiException(response.statusCode(), "GET " + pathAndQuery, response.headers(),
            new String(body.readAllBytes(), StandardCharsets.UTF_8));
      }
    }
    return response.body();
  }

  static String text(ApiClient client, String pathAndQuery, String accept)
      throws ApiException, IOException, InterruptedException {
    try (InputStream body = get(client, pathAndQuery, accept)) {
      return new String(body.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
