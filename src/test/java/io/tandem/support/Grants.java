package io.tandem.support;

import static org.assertj.core.api.Assertions.assertThat;

/** Target grants for tests whose subject is not who may use a target (TargetAccessScenarios is). */
public final class Grants {

  private Grants() {}

  /** Lets every space use the target for everything, as an organisation admin (the caller of {@code api}) would. */
  public static void everySpace(Api api, String target, String... headers) {
    Api.Response granted = api.send("PUT", "/api/v1/targets/" + target + "/grants/*", "application/json",
        "{\"uses\":[\"apply\",\"import\",\"read-live\"],\"clusterScoped\":true,\"secrets\":true}", headers);
    assertThat(granted.status()).as(granted.toString()).isEqualTo(200);
  }
}
