package io.tandem.sandbox;

import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.mockwebserver.dsl.HttpMethod;
import io.fabric8.mockwebserver.http.Buffer;
import io.fabric8.mockwebserver.http.Headers;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.nio.charset.StandardCharsets;

/**
 * The fabric8 CRUD mock server with server-side apply added, as create-or-replace. The mock answers an apply-patch
 * with 404 or 415; real clusters merge field ownership, which the sandbox does not model: an apply here overwrites
 * the whole object, as a PUT would. (A JSON merge patch is no substitute: the mock appends to lists on merge.) A
 * dry run ({@code dryRun=All}) stores nothing and answers without a body.
 */
class ApplyPatchCrudDispatcher extends KubernetesCrudDispatcher {

  static final String GIT_VERSION = "v1.34.0-sandbox";

  /**
   * The CRUD dispatcher answers /version with an empty list; clients (and health checks) want a version. Discovery of
   * the built-in kinds comes from {@link MockDiscovery}.
   */
  @Override
  public MockResponse dispatch(RecordedRequest request) {
    String path = request.getPath();
    if ("GET".equals(request.getMethod()) && path != null && (path.equals("/version") || path.startsWith("/version?"))) {
      return new MockResponse()
          .setResponseCode(200)
          .setHeader("Content-Type", "application/json")
          .setBody("{\"major\":\"1\",\"minor\":\"34\",\"gitVersion\":\"" + GIT_VERSION + "\",\"platform\":\"sandbox\"}");
    }
    if ("GET".equals(request.getMethod()) && path != null) {
      java.util.Optional<String> discovery = MockDiscovery.answer(path.contains("?") ? path.substring(0, path.indexOf('?')) : path);
      if (discovery.isPresent()) {
        return new MockResponse().setResponseCode(200).setHeader("Content-Type", "application/json").setBody(discovery.get());
      }
    }
    return super.dispatch(request);
  }

  @Override
  public MockResponse handlePatch(RecordedRequest request) {
    String contentType = request.getHeader("Content-Type");
    if (contentType == null || !contentType.startsWith("application/apply-patch")) {
      return super.handlePatch(request);
    }
    String path = request.getPath();
    String resourcePath = path.contains("?") ? path.substring(0, path.indexOf('?')) : path;
    Headers headers = request.getHeaders().newBuilder().set("Content-Type", "application/json").build();
    Buffer body = new Buffer(request.getUtf8Body().getBytes(StandardCharsets.UTF_8));
    if (path.contains("dryRun=All")) {
      // a real server answers the object it would store; the mock's request has no body to answer here
      return new MockResponse().setResponseCode(200).setHeader("Content-Type", "application/json").setBody("");
    }
    if (handleGet(resourcePath).code() == 404) {
      String collection = resourcePath.substring(0, resourcePath.lastIndexOf('/'));
      return handleCreate(new RecordedRequest("HTTP/1.1", HttpMethod.POST, collection, headers, body));
    }
    return handleUpdate(new RecordedRequest("HTTP/1.1", HttpMethod.PUT, resourcePath, headers, body));
  }
}
