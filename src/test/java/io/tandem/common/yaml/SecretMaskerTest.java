package io.tandem.common.yaml;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SecretMaskerTest {

  static final String UNIT = """
      # the database password
      apiVersion: v1
      kind: Secret
      metadata:
        name: db
      type: Opaque
      data:
        password: c2VjcmV0  # base64
      stringData:
        user: admin
      ---
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: settings
      data:
        mode: fast
      """;

  @Test
  void secretValuesAreMaskedAndEverythingElseStaysAsWritten() {
    assertThat(SecretMasker.mask(UNIT)).isEqualTo(UNIT.replace("c2VjcmV0", "'***'").replace("user: admin", "user: '***'"));
  }

  @Test
  void textWithoutSecretsIsLeftAlone() {
    String configMap = UNIT.substring(UNIT.indexOf("apiVersion: v1\nkind: ConfigMap"));
    assertThat(SecretMasker.mask(configMap)).isSameAs(configMap);
    assertThat(SecretMasker.mask("")).isEmpty();
  }
}
