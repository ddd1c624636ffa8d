package io.tandem;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.support.Api;
import io.tandem.support.TandemIT;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * {@code api-spec/openapi.yaml} is the published contract; clients are generated from it. It must be exactly what
 * the server serves. {@code ./mvnw verify -Dapi-spec.update=true} rewrites it from the running server.
 */
@TandemIT
class OpenApiDocumentIT {

  @LocalServerPort int port;

  @Test
  void committedDocumentMatchesWhatTheServerServes() throws IOException {
    Api.Response served = new Api(port).get("/v3/api-docs.yaml");
    assertThat(served.status()).isEqualTo(200);
    Object servedTree = parse(served.body());
    Path committed = Path.of(System.getProperty("tandem.project-dir", "."), "api-spec", "openapi.yaml");

    if (Boolean.getBoolean("api-spec.update")) {
      Files.createDirectories(committed.getParent());
      Files.writeString(committed, render(servedTree), StandardCharsets.UTF_8);
    }

    assertThat(committed).as("api-spec/openapi.yaml exists").exists();
    Object committedTree = parse(Files.readString(committed));
    assertThat(committedTree)
        .as(
            "api-spec/openapi.yaml differs from the document the server serves. If the API change is intended, run"
                + " ./mvnw verify -Dapi-spec.update=true and commit the file.")
        .isEqualTo(servedTree);
  }

  private static Object parse(String yaml) {
    return new Yaml(new SafeConstructor(new LoaderOptions())).load(yaml);
  }

  /** Block style, keys in the order springdoc sorted them, so that the committed file diffs well in review. */
  private static String render(Object tree) {
    DumperOptions options = new DumperOptions();
    options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
    options.setWidth(120);
    options.setIndicatorIndent(0);
    return new Yaml(options).dump(tree instanceof Map<?, ?> map ? map : tree);
  }
}
